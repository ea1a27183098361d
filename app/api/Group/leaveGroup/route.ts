import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { groupIdQuerySchema } from '@/lib/groups/schemas';
import { leaveGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/leaveGroup', {
  query: groupIdQuerySchema,
  handler: ({ actor, query }) => messageAfter(leaveGroup(actor, query.groupId), 'Ați părăsit grupul.'),
});
