import { apiRoute } from '@/server/http/route';
import { sql } from '@/server/kernel/db';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/health', {
  handler: async () => {
    const [row] = await sql<{ ok: number }>('SELECT 1 AS ok');
    return { Status: row?.ok === 1 ? 'ok' : 'degraded' };
  },
});
