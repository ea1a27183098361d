import { apiRoute } from '@/server/http/route';
import { addSearchToGroup } from '@/server/prospecting/add-to-group';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addSearchToGroup', {
  handler: ({ actor, query: { groupId, ...filter } }) => addSearchToGroup(actor, groupId, filter),
});
