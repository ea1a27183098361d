import { apiRoute } from '@/server/http/route';
import { readRawBody } from '@/server/http/raw-body';
import { processSesWebhook } from '@/server/sending/bounces/inbound';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/webhooks/ses', {
  handler: async ({ req }) => processSesWebhook(await readRawBody(req)),
});
