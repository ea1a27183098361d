import { apiRoute } from '@/server/http/route';
import { companyGroupIdQuerySchema } from '@/lib/groups/schemas';
import { listComments } from '@/server/comments/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/CompanyComment/getCommentsByCompanyGroupId', {
  query: companyGroupIdQuerySchema,
  handler: ({ actor, query }) => listComments(actor, query.companyGroupId),
});
