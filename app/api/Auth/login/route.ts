import { loginWithPassword } from '@/server/auth/accounts';
import { clientAddress } from '@/server/kernel/rate-limit';
import { requireJson, signedInResponse } from '@/server/auth/routes';
import { apiRoute } from '@/server/http/route';
import { isLoopbackPeer } from '@/server/kernel/peer';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/login', {
  handler: async ({ body, req }) => {
    requireJson(req);
    return signedInResponse(await loginWithPassword(body, { address: clientAddress(req), loopbackPeer: isLoopbackPeer(req.headers) }));
  },
});
