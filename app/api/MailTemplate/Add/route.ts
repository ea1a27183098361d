import { apiRoute } from '@/server/http/route';
import { DESIGN_MAX_BYTES } from '@/lib/templates/design';
import { addTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailTemplate/Add', {
  // The design may be up to its own limit; the rest of the body is small.
  maxBodyBytes: DESIGN_MAX_BYTES + 64 * 1024,
  handler: ({ actor, body }) => addTemplate(actor, body),
});
