import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { editGroupMember } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/editGroupMember', {
  handler: ({ actor, query }) => messageAfter(editGroupMember(actor, query), 'Drepturile membrului au fost modificate cu succes!'),
});
