import { apiRoute } from '@/server/http/route';
import { runScheduledCrmSync } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

// Called by a scheduler (Authorization: Bearer CRON_SECRET), e.g. hourly: each connection syncs every 6 hours.
const def = { handler: () => runScheduledCrmSync() };

export const GET = apiRoute('GET /api/cron/sync-crm', def);
export const POST = apiRoute('POST /api/cron/sync-crm', def);
