import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { removeGroupMember } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/virtualDeleteGroupMember/[id]', {
  handler: ({ actor, params }) => messageAfter(removeGroupMember(actor, params.id), 'Membrul a fost eliminat cu succes din grup!'),
});
