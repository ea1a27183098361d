import { resendVerificationMail } from '@/server/account/email-verification';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Account/resendVerification', {
  handler: ({ actor }) => resendVerificationMail(actor),
});
