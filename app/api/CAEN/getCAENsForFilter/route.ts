import { apiRoute } from '@/server/http/route';
import { findCaensForFilter } from '@/server/lookups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/CAEN/getCAENsForFilter', {
  handler: ({ actor, query }) => findCaensForFilter(actor, query),
});
