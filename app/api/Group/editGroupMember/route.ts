import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { editGroupMemberSchema } from '@/lib/groups/schemas';
import { editGroupMember } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/editGroupMember', {
  query: editGroupMemberSchema,
  handler: ({ actor, query }) => messageAfter(editGroupMember(actor, query), 'Drepturile membrului au fost modificate cu succes!'),
});
