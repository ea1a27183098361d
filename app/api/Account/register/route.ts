import { registerUser } from '@/server/account/accounts';
import { requireJson } from '@/server/account/routes';
import { clientAddress } from '@/server/kernel/rate-limit';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Account/register', {
  handler: ({ body, req }) => {
    requireJson(req);
    return registerUser(body, { address: clientAddress(req) });
  },
});
