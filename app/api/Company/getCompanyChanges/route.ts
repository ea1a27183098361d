import { apiRoute } from '@/server/http/route';
import { listCompanyChanges } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanyChanges', {
  handler: ({ query }) => listCompanyChanges(query.cui, query.PageNumber),
});
