import { apiRoute } from '@/server/http/route';
import { deleteWebhookEndpoint } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Webhook/[id]', { handler: ({ actor, params }) => deleteWebhookEndpoint(actor, params.id) });
