import { apiRoute } from '@/server/http/route';
import { listCrmSyncLog } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Crm/getSyncLog', { handler: ({ actor }) => listCrmSyncLog(actor) });
