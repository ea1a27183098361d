import { apiRoute } from '@/server/http/route';
import { getStatistics } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getCompanyStatisticsType', {
  handler: ({ query }) => getStatistics(query.cui),
});
