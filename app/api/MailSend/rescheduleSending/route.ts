import { apiRoute } from '@/server/http/route';
import { rescheduleSchema } from '@/lib/sending/schemas';
import { rescheduleSending } from '@/server/sending/schedule';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/rescheduleSending', {
  body: rescheduleSchema,
  handler: ({ actor, body }) => rescheduleSending(actor, body),
});
