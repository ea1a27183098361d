import { apiRoute } from '@/server/http/route';
import { resendWebhookDelivery } from '@/server/webhooks/endpoints';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Webhook/resend', { handler: ({ actor, body }) => resendWebhookDelivery(actor, body.DeliveryId) });
