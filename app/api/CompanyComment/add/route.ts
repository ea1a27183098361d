import { apiRoute } from '@/server/http/route';
import { addComment } from '@/server/comments/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/CompanyComment/add', {
  handler: ({ actor, body }) => addComment(actor, body),
});
