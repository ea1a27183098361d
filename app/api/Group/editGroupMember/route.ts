import { apiRoute } from '@/server/http/route';
import { editGroupMemberSchema } from '@/lib/groups/schemas';
import { editGroupMember } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/editGroupMember', {
  query: editGroupMemberSchema,
  handler: async ({ actor, query }) => {
    await editGroupMember(actor, query);
    return { Message: 'Drepturile membrului au fost modificate cu succes!' };
  },
});
