import { apiRoute } from '@/server/http/route';
import { findCaensForFilter } from '@/server/lookups/queries';
import { caenLookupQuerySchema } from '@/lib/lookups/schemas';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/CAEN/getCAENsForFilter', {
  query: caenLookupQuerySchema,
  handler: ({ actor, query }) => findCaensForFilter(actor, query),
});
