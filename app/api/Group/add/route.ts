import { apiRoute } from '@/server/http/route';
import { addGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/add', {
  handler: ({ actor, query }) => addGroup(actor, query),
});
