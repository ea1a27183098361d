import { apiRoute } from '@/server/http/route';
import { DESIGN_MAX_BYTES } from '@/lib/templates/design';
import { previewDesign } from '@/server/templates/preview';

export const dynamic = 'force-dynamic';

// Ours (not in the product's API list): the message exactly as a chosen company would get it,
// rendered by the same code that sends it.
export const POST = apiRoute('POST /api/MailTemplate/preview', {
  maxBodyBytes: DESIGN_MAX_BYTES + 64 * 1024,
  handler: ({ actor, body }) => previewDesign(actor, body),
});
