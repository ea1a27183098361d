import { apiRoute } from '@/server/http/route';
import { findCounties } from '@/server/lookups/queries';
import { countyLookupQuerySchema } from '@/lib/lookups/schemas';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Location/getCounties', {
  query: countyLookupQuerySchema,
  handler: ({ actor, query }) => findCounties(actor, query),
});
