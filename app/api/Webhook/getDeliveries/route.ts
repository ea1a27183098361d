import { apiRoute } from '@/server/http/route';
import { listWebhookDeliveries } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Webhook/getDeliveries', { handler: ({ actor, query }) => listWebhookDeliveries(actor, query) });
