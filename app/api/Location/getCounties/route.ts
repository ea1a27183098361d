import { apiRoute } from '@/server/http/route';
import { findCounties } from '@/server/lookups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Location/getCounties', {
  handler: ({ actor, query }) => findCounties(actor, query),
});
