import { apiRoute } from '@/server/http/route';
import { pushGroupToCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/pushGroup', { handler: ({ actor, body }) => pushGroupToCrm(actor, body) });
