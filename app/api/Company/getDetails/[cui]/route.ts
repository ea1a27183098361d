import { apiRoute } from '@/server/http/route';
import { getCompanyDetails } from '@/server/company/queries';
import { cuiParams } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getDetails/[cui]', {
  params: cuiParams,
  handler: ({ params, actor }) => getCompanyDetails(params.cui, actor?.userId ?? null),
});
