import { apiRoute } from '@/server/http/route';
import { updateCommentSchema } from '@/lib/groups/schemas';
import { updateComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/CompanyComment/update', {
  body: updateCommentSchema,
  handler: ({ actor, body }) => updateComment(actor, body),
});
