import { apiRoute } from '@/server/http/route';
import { setFollowUp } from '@/server/sending/follow-up';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/setFollowUp', {
  handler: ({ actor, body }) => setFollowUp(actor, body),
});
