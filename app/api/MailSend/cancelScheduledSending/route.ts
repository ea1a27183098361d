import { apiRoute } from '@/server/http/route';
import { cancelScheduleSchema } from '@/lib/sending/schemas';
import { cancelScheduledSending } from '@/server/sending/schedule';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/cancelScheduledSending', {
  body: cancelScheduleSchema,
  handler: ({ actor, body }) => cancelScheduledSending(actor, body),
});
