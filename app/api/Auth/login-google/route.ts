import { externalVerifiers, signInWithExternalIdentity } from '@/server/account/external';
import { signedInResponse } from '@/server/account/routes';
import { issueSession } from '@/server/auth/tokens';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// `token` is a Google ID token, verified against Google's keys.
export const POST = apiRoute('POST /api/Auth/login-google', {
  handler: async ({ query }) => {
    const identity = await externalVerifiers().google(query.token);
    const { userId } = await signInWithExternalIdentity(identity);
    return signedInResponse(await issueSession(userId, { longLived: query.rememberMe === 'true' }));
  },
});
