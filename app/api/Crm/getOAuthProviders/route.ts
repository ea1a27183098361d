import { apiRoute } from '@/server/http/route';
import { oauthProviders } from '@/server/crm/oauth';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Crm/getOAuthProviders', { handler: () => ({ Providers: oauthProviders() }) });
