import { apiRoute } from '@/server/http/route';
import { groupIdQuerySchema } from '@/lib/groups/schemas';
import { leaveGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/leaveGroup', {
  query: groupIdQuerySchema,
  handler: async ({ actor, query }) => {
    await leaveGroup(actor, query.groupId);
    return { Message: 'Ați părăsit grupul.' };
  },
});
