import { apiRoute } from '@/server/http/route';
import { listGroupsForEdit } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupsForEdit', {
  handler: ({ actor, query }) => listGroupsForEdit(actor, query.searchText),
});
