import { apiRoute } from '@/server/http/route';
import { listComments } from '@/server/comments/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/CompanyComment/getCommentsByCompanyGroupId', {
  handler: ({ actor, query }) => listComments(actor, query.companyGroupId),
});
