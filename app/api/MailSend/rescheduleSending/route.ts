import { apiRoute } from '@/server/http/route';
import { rescheduleSending } from '@/server/sending/schedule';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/rescheduleSending', {
  handler: ({ actor, body }) => rescheduleSending(actor, body),
});
