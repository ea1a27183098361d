import { apiRoute } from '@/server/http/route';
import { renderMetrics } from '@/server/ops/metrics';

export const dynamic = 'force-dynamic';

// Prometheus scrapes this (issue 32, decision 052): loopback, or Authorization: Bearer METRICS_TOKEN.
export const GET = apiRoute('GET /api/metrics', {
  handler: async () => {
    const { body, contentType } = await renderMetrics();
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
