import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/groups/schemas';
import { removeGroupMember } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/virtualDeleteGroupMember/[id]', {
  params: idQuerySchema,
  handler: async ({ actor, params }) => {
    await removeGroupMember(actor, params.id);
    return { Message: 'Membrul a fost eliminat cu succes din grup!' };
  },
});
