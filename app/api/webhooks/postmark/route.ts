import { apiRoute } from '@/server/http/route';
import { processPostmarkWebhook } from '@/server/sending/bounces/inbound';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/webhooks/postmark', {
  handler: ({ req }) => processPostmarkWebhook(req),
});
