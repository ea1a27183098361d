import { loginWithPassword } from '@/server/account/accounts';
import { clientAddress } from '@/server/kernel/rate-limit';
import { requireJson, signedInResponse } from '@/server/account/routes';
import { apiRoute } from '@/server/http/route';
import { isLoopbackPeer } from '@/server/kernel/peer';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/login', {
  handler: async ({ body, req }) => {
    requireJson(req);
    return signedInResponse(await loginWithPassword(body, { address: clientAddress(req), loopbackPeer: isLoopbackPeer(req.headers) }));
  },
});
