import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/groups/schemas';
import { deleteGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/[id]', {
  params: idQuerySchema,
  handler: async ({ actor, params }) => {
    await deleteGroup(actor, params.id);
    return { Message: 'Grupul a fost șters cu succes!' };
  },
});
