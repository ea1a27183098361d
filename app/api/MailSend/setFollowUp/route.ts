import { apiRoute } from '@/server/http/route';
import { followUpSchema } from '@/lib/sending/schemas';
import { setFollowUp } from '@/server/sending/follow-up';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/setFollowUp', {
  body: followUpSchema,
  handler: ({ actor, body }) => setFollowUp(actor, body),
});
