import { apiRoute } from '@/server/http/route';
import { createWebhookEndpoint } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Webhook/create', { handler: ({ actor, body }) => createWebhookEndpoint(actor, body) });
