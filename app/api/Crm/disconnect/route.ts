import { apiRoute } from '@/server/http/route';
import { disconnectCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/disconnect', { handler: ({ actor, body }) => disconnectCrm(actor, body.Provider) });
