import { apiRoute } from '@/server/http/route';
import { companyChangesQuerySchema } from '@/lib/watch/schemas';
import { listCompanyChanges } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanyChanges', {
  query: companyChangesQuerySchema,
  handler: ({ query }) => listCompanyChanges(query.cui, query.PageNumber),
});
