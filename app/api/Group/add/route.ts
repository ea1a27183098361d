import { apiRoute } from '@/server/http/route';
import { addGroupSchema } from '@/lib/groups/schemas';
import { addGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/add', {
  query: addGroupSchema,
  handler: ({ actor, query }) => addGroup(actor, query),
});
