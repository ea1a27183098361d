import { verifyEmailToken } from '@/server/auth/verification';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Account/verifyEmail', {
  handler: ({ body }) => verifyEmailToken(body.Token),
});
