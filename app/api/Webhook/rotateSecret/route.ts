import { apiRoute } from '@/server/http/route';
import { rotateWebhookSecret } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Webhook/rotateSecret', { handler: ({ actor, body }) => rotateWebhookSecret(actor, body.Id) });
