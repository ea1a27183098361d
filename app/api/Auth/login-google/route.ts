import { z } from 'zod';
import { externalVerifiers, signInWithExternalIdentity } from '@/server/auth/external';
import { signedInResponse } from '@/server/auth/routes';
import { issueSession } from '@/server/auth/tokens';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// `token` is a Google ID token (Google Identity Services' credential), verified against Google's keys.
const query = z.object({ token: z.string().min(10).max(4096), rememberMe: z.enum(['true', 'false']).optional() });

export const POST = apiRoute('POST /api/Auth/login-google', {
  query,
  handler: async ({ query }) => {
    const identity = await externalVerifiers().google(query.token);
    const { userId } = await signInWithExternalIdentity(identity);
    return signedInResponse(await issueSession(userId, { longLived: query.rememberMe === 'true' }));
  },
});
