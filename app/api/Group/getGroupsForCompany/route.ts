import { apiRoute } from '@/server/http/route';
import { listGroupsForCompany } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupsForCompany', {
  handler: ({ actor, query }) => listGroupsForCompany(actor, query.cui),
});
