import { apiRoute } from '@/server/http/route';
import { addCuiListToGroup } from '@/server/prospecting/add-to-group';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addCuiList', {
  maxBodyBytes: 2_000_000,
  handler: ({ actor, query, body }) => addCuiListToGroup(actor, query.groupId, body.Cuis),
});
