import { apiRoute } from '@/server/http/route';
import { getTopCaens } from '@/server/landing/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/CAEN/getTopCaens', {
  handler: ({ actor }) => getTopCaens(actor),
});
