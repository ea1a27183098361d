import { apiRoute } from '@/server/http/route';
import { groupIdQuerySchema } from '@/lib/groups/schemas';
import { addCuiListBodySchema } from '@/lib/prospecting/schemas';
import { addCuiListToGroup } from '@/server/prospecting/add-to-group';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addCuiList', {
  query: groupIdQuerySchema,
  body: addCuiListBodySchema,
  maxBodyBytes: 2_000_000,
  handler: ({ actor, query, body }) => addCuiListToGroup(actor, query.groupId, body.Cuis),
});
