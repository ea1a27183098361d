import { apiRoute } from '@/server/http/route';
import { createDraftSchema } from '@/lib/drafts/schemas';
import { createDraft } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/createDraftMail', {
  body: createDraftSchema,
  handler: ({ actor, body }) => createDraft(actor, body),
});
