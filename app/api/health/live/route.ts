import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

// Liveness: the process answers (no database call; a balancer restarts an instance only when this fails).
export const GET = apiRoute('GET /api/health/live', {
  handler: () => ({ Status: 'ok' }),
});
