import { apiRoute } from '@/server/http/route';
import { getGraphRows, getMetricSeries } from '@/server/company/queries';
import { resolveMetric } from '@/lib/company/series';

export const GET = apiRoute('GET /api/Company/getDetailsForGraph/[cui]', {
  handler: async ({ params, query }): Promise<unknown> =>
    query.type ? getMetricSeries(params.cui, resolveMetric(query.type)!) : getGraphRows(params.cui),
});
