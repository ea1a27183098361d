import { apiRoute } from '@/server/http/route';
import { addSearchQuerySchema } from '@/lib/prospecting/schemas';
import { addSearchToGroup } from '@/server/prospecting/add-to-group';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addSearchToGroup', {
  query: addSearchQuerySchema,
  handler: ({ actor, query: { groupId, ...filter } }) => addSearchToGroup(actor, groupId, filter),
});
