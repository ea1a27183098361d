import { apiRoute } from '@/server/http/route';
import { startCrmOAuth } from '@/server/crm/oauth';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/startOAuth', { handler: ({ actor, body }) => startCrmOAuth(actor, body) });
