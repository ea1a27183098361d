import { apiRoute } from '@/server/http/route';
import { top5QuerySchema } from '@/lib/search/schemas';
import { suggestCompanies } from '@/server/search/suggest';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getTop5Companies', {
  query: top5QuerySchema,
  handler: ({ actor, query }) => suggestCompanies(actor, query),
});
