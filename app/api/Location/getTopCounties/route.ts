import { apiRoute } from '@/server/http/route';
import { getTopCounties } from '@/server/landing/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Location/getTopCounties', {
  handler: ({ actor }) => getTopCounties(actor),
});
