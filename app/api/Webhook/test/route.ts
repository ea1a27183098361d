import { apiRoute } from '@/server/http/route';
import { sendWebhookTest } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Webhook/test', { handler: ({ actor, body }) => sendWebhookTest(actor, body.Id) });
