import { apiRoute, json } from '@/server/http/route';
import { checkReadiness } from '@/server/health/readiness';

export const dynamic = 'force-dynamic';

// Readiness: 200 when this instance may take traffic, else 503 with the reason (server/health/readiness.ts).
export const GET = apiRoute('GET /api/health/ready', {
  handler: async () => {
    const r = await checkReadiness();
    return json(r, r.Status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' });
  },
});
