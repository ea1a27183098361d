import { z } from 'zod';
import { apiRoute } from '@/server/http/route';
import { getGraphRows, getMetricSeries, resolveMetric } from '@/server/company/queries';
import { cuiParams } from '@/server/company/schemas';

// Without `type`: the graph rows {Year, Turnover, Profit, Employees}; with a metric name
// (e.g. type=Debts): that metric's series rows {Year, Value} for the Grafice tab.
const query = z.object({
  type: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60).optional())
    .refine((v) => v === undefined || resolveMetric(v) !== null, { error: 'Indicator necunoscut.' }),
});

export const GET = apiRoute('GET /api/Company/getDetailsForGraph/[cui]', {
  params: cuiParams,
  query,
  handler: async ({ params, query }): Promise<unknown> =>
    query.type ? getMetricSeries(params.cui, resolveMetric(query.type)!) : getGraphRows(params.cui),
});
