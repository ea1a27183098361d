import { apiRoute } from '@/server/http/route';
import { companyGroupsQuerySchema } from '@/lib/groups/schemas';
import { listCompanyGroups } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getCompanyGroups', {
  query: companyGroupsQuerySchema,
  handler: ({ actor, query }) => listCompanyGroups(actor, query),
});
