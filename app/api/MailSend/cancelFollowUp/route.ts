import { apiRoute } from '@/server/http/route';
import { cancelFollowUpSchema } from '@/lib/sending/schemas';
import { cancelFollowUp } from '@/server/sending/follow-up';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/cancelFollowUp', {
  body: cancelFollowUpSchema,
  handler: ({ actor, body }) => cancelFollowUp(actor, body.GroupedMailId),
});
