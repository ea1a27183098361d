import { apiRoute } from '@/server/http/route';
import { completeCrmOAuth } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

// Public: the CRM redirects the browser here without the bearer token; the one-time state names the user.
export const GET = apiRoute('GET /api/Crm/oauthCallback', { handler: ({ query }) => completeCrmOAuth(query) });
