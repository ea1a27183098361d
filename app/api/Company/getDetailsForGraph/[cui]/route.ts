import { apiRoute } from '@/server/http/route';
import { getGraphRows, getMetricSeries } from '@/server/company/queries';
import { cuiParams, graphQuery } from '@/lib/company/schemas';
import { resolveMetric } from '@/lib/company/series';

export const GET = apiRoute('GET /api/Company/getDetailsForGraph/[cui]', {
  params: cuiParams,
  query: graphQuery,
  handler: async ({ params, query }): Promise<unknown> =>
    query.type ? getMetricSeries(params.cui, resolveMetric(query.type)!) : getGraphRows(params.cui),
});
