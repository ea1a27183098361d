import { apiRoute } from '@/server/http/route';
import { DESIGN_MAX_BYTES } from '@/lib/templates/design';
import { editTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/Edit', {
  maxBodyBytes: DESIGN_MAX_BYTES + 64 * 1024,
  handler: ({ actor, body }) => editTemplate(actor, body),
});
