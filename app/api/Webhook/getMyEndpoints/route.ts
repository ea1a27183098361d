import { apiRoute } from '@/server/http/route';
import { listWebhookEndpoints } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Webhook/getMyEndpoints', { handler: ({ actor }) => listWebhookEndpoints(actor) });
