import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/groups/schemas';
import { deleteComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/CompanyComment/[id]', {
  params: idQuerySchema,
  handler: async ({ actor, params }) => {
    await deleteComment(actor, params.id);
    return { Message: 'Comentariul a fost șters cu succes!' };
  },
});
