import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { deleteGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/[id]', {
  handler: ({ actor, params }) => messageAfter(deleteGroup(actor, params.id), 'Grupul a fost șters cu succes!'),
});
