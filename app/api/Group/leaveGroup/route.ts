import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { leaveGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/leaveGroup', {
  handler: ({ actor, query }) => messageAfter(leaveGroup(actor, query.groupId), 'Ați părăsit grupul.'),
});
