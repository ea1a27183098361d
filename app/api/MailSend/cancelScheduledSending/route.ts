import { apiRoute } from '@/server/http/route';
import { cancelScheduledSending } from '@/server/sending/schedule';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/cancelScheduledSending', {
  handler: ({ actor, body }) => cancelScheduledSending(actor, body),
});
