import { exchangeExternalSession } from '@/server/account/next-auth';
import { signedInResponse } from '@/server/account/routes';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// Ours: /microsoft-login trades the short next-auth session left by a provider redirect (Microsoft,
// Google, Facebook) for the app's token pair, once.

export const POST = apiRoute('POST /api/Auth/external-session', {
  handler: async ({ body, req }) => {
    const { session, clearCookies } = await exchangeExternalSession(req, { longLived: !!body?.RememberMe });
    const res = await signedInResponse(session);
    for (const c of clearCookies) res.headers.append('set-cookie', c);
    return res;
  },
});
