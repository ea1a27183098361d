import { apiRoute } from '@/server/http/route';
import { moveClockForTest } from '@/server/kernel/clock';

export const dynamic = 'force-dynamic';

// The e2e specs move the server's clock here (decision 089); 404 unless TEST_CLOCK=1 on loopback.
export const POST = apiRoute('POST /api/cron/test-clock', {
  handler: ({ body, req }) => moveClockForTest(body, req.headers),
});
