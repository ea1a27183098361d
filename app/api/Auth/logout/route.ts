import { signOut } from '@/server/auth/sign-out';
import { clearSessionCookie } from '@/server/auth/session';
import { apiRoute, json } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/logout', {
  handler: async ({ body, req }) => {
    await signOut(req, body);
    return json(undefined, 200, { 'set-cookie': clearSessionCookie() });
  },
});
