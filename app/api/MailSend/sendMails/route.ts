import { apiRoute } from '@/server/http/route';
import { sendMailsSchema } from '@/lib/sending/schemas';
import { sendDraft } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/sendMails', {
  body: sendMailsSchema,
  handler: ({ actor, body }) => sendDraft(actor, body.MailDraftId),
});
