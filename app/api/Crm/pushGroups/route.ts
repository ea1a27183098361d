import { apiRoute } from '@/server/http/route';
import { pushGroupsToCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/pushGroups', { handler: ({ actor, body }) => pushGroupsToCrm(actor, body) });
