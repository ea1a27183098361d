import { apiRoute } from '@/server/http/route';
import { createDraft } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/createDraftMail', {
  handler: ({ actor, body }) => createDraft(actor, body),
});
