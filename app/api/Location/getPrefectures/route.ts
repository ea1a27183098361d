import { apiRoute } from '@/server/http/route';
import { findPrefectures } from '@/server/lookups/queries';
import { prefectureLookupQuerySchema } from '@/lib/lookups/schemas';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Location/getPrefectures', {
  query: prefectureLookupQuerySchema,
  handler: ({ actor, query }) => findPrefectures(actor, query),
});
