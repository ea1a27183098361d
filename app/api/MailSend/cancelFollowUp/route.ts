import { apiRoute } from '@/server/http/route';
import { cancelFollowUp } from '@/server/sending/follow-up';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/cancelFollowUp', {
  handler: ({ actor, body }) => cancelFollowUp(actor, body.GroupedMailId),
});
