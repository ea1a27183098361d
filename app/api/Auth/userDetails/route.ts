import { getUserDetails } from '@/server/account/accounts';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Auth/userDetails', {
  handler: ({ actor }) => getUserDetails(actor),
});
