import { apiRoute } from '@/server/http/route';
import { updateWebhookEndpoint } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Webhook/update', { handler: ({ actor, body }) => updateWebhookEndpoint(actor, body) });
