import { apiRoute } from '@/server/http/route';
import { updateComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/CompanyComment/update', {
  handler: ({ actor, body }) => updateComment(actor, body),
});
