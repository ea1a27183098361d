import { apiRoute } from '@/server/http/route';
import { renderMetrics } from '@/server/ops/metrics';
import { countQueueByStatus } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

// Prometheus scrapes this (issue 32, decision 052): loopback, or Authorization: Bearer METRICS_TOKEN.
export const GET = apiRoute('GET /api/metrics', {
  handler: async () => {
    const { body, contentType } = await renderMetrics(countQueueByStatus);
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
