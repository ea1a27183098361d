import { resetPassword } from '@/server/account/password-reset';
import { apiRoute } from '@/server/http/route';
import { clientAddress } from '@/server/kernel/rate-limit';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/resetPassword', {
  handler: ({ body, req }) => resetPassword(body, { address: clientAddress(req) }),
});
