import { apiRoute } from '@/server/http/route';
import { setCrmSyncGroups } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/setSyncGroups', { handler: ({ actor, body }) => setCrmSyncGroups(actor, body) });
