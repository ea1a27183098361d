import { changePassword } from '@/server/auth/password-change';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/changePassword', {
  handler: ({ actor, body }) => changePassword(actor, body),
});
