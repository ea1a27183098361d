import { externalVerifiers, signInWithExternalIdentity } from '@/server/account/external';
import { signedInResponse } from '@/server/account/routes';
import { issueSession } from '@/server/auth/tokens';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// The spec's Facebook call, doubled /api prefix included: /api/api/Auth/login-facebook/{userId}/{accessToken}.

export const POST = apiRoute('POST /api/api/Auth/login-facebook/[userId]/[accessToken]', {
  handler: async ({ params }) => {
    const identity = await externalVerifiers().facebook(params.userId, params.accessToken);
    const { userId } = await signInWithExternalIdentity(identity);
    return signedInResponse(await issueSession(userId));
  },
});
