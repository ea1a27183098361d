import { apiRoute } from '@/server/http/route';
import { sendDraft } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/sendMails', {
  handler: ({ actor, body }) => sendDraft(actor, body.MailDraftId, body),
});
