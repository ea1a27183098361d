// next-auth's redirect flows (providers list, CSRF, sign-in, callbacks) at /api/nextauth/*.
// Not /api/auth: that folder would be the documented /api/Auth on a case-insensitive disk.
import NextAuth from 'next-auth';
import { authOptions } from '@/server/account/next-auth';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so the providers follow the running configuration.
async function handler(req: Request, ctx: Ctx) {
  return NextAuth(authOptions())(req, ctx);
}

export { handler as GET, handler as POST };
