import { apiRoute } from '@/server/http/route';
import { findTakedowns } from '@/server/personal-data/takedown';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Privacy/getTakedownRequests', {
  handler: ({ actor, query }) => findTakedowns(actor, query),
});
