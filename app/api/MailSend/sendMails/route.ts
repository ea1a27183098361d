import { apiRoute } from '@/server/http/route';
import { sendMailsScheduledSchema } from '@/lib/sending/schemas';
import { sendDraft } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/sendMails', {
  body: sendMailsScheduledSchema,
  handler: ({ actor, body }) => sendDraft(actor, body.MailDraftId, body),
});
