import { apiRoute } from '@/server/http/route';
import { addCommentSchema } from '@/lib/groups/schemas';
import { addComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/CompanyComment/add', {
  body: addCommentSchema,
  handler: ({ actor, body }) => addComment(actor, body),
});
