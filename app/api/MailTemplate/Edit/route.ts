import { apiRoute } from '@/server/http/route';
import { DESIGN_MAX_BYTES } from '@/lib/templates/design';
import { editTemplateSchema } from '@/lib/templates/schemas';
import { editTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/Edit', {
  body: editTemplateSchema,
  maxBodyBytes: DESIGN_MAX_BYTES + 64 * 1024,
  handler: ({ actor, body }) => editTemplate(actor, body),
});
