import { resetPasswordSchema } from '@/lib/auth/schemas';
import { resetPassword } from '@/server/auth/password-reset';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/resetPassword', {
  body: resetPasswordSchema,
  handler: ({ body }) => resetPassword(body),
});
