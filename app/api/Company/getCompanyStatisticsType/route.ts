import { apiRoute } from '@/server/http/route';
import { getStatistics } from '@/server/company/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getCompanyStatisticsType', {
  query: cuiQuery,
  handler: ({ query }) => getStatistics(query.cui),
});
