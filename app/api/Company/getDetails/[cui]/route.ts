import { apiRoute } from '@/server/http/route';
import { getCompanyDetails } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getDetails/[cui]', {
  handler: ({ params, actor }) => getCompanyDetails(params.cui, actor?.userId ?? null),
});
