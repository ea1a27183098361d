import { apiRoute } from '@/server/http/route';
import { findPrefectures } from '@/server/lookups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Location/getPrefectures', {
  handler: ({ actor, query }) => findPrefectures(actor, query),
});
