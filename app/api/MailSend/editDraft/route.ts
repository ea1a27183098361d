import { apiRoute } from '@/server/http/route';
import { DESIGN_MAX_BYTES } from '@/lib/templates/design';
import { editDraft } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/editDraft', {
  maxBodyBytes: DESIGN_MAX_BYTES + 256 * 1024,
  handler: ({ actor, body }) => editDraft(actor, body),
});
