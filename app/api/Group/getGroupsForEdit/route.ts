import { apiRoute } from '@/server/http/route';
import { groupsForEditQuerySchema } from '@/lib/groups/schemas';
import { listGroupsForEdit } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupsForEdit', {
  query: groupsForEditQuerySchema,
  handler: ({ actor, query }) => listGroupsForEdit(actor, query.searchText),
});
