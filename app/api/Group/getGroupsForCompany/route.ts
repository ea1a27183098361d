import { apiRoute } from '@/server/http/route';
import { cuiQuerySchema } from '@/lib/groups/schemas';
import { listGroupsForCompany } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupsForCompany', {
  query: cuiQuerySchema,
  handler: ({ actor, query }) => listGroupsForCompany(actor, query.cui),
});
