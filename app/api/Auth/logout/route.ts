import { z } from 'zod';
import { signOut } from '@/server/auth/sign-out';
import { clearSessionCookie } from '@/server/auth/session';
import { apiRoute, json } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// No body in the spec; a RefreshToken may be sent to revoke that session too.
const body = z.object({ RefreshToken: z.string().max(200).optional() }).optional();

export const POST = apiRoute('POST /api/Auth/logout', {
  body,
  handler: async ({ body, req }) => {
    await signOut(req, body);
    return json(undefined, 200, { 'set-cookie': clearSessionCookie() });
  },
});
