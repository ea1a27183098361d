import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { deleteComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/CompanyComment/[id]', {
  handler: ({ actor, params }) => messageAfter(deleteComment(actor, params.id), 'Comentariul a fost șters cu succes!'),
});
