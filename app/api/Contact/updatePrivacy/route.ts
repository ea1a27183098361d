import { updatePrivacySchema } from '@/lib/users/schemas';
import { apiRoute } from '@/server/http/route';
import { updateContactPrivacy } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Contact/updatePrivacy', {
  body: updatePrivacySchema,
  handler: ({ actor, body }) => updateContactPrivacy(actor, body),
});
