import { apiRoute } from '@/server/http/route';
import { saveSocialMedia } from '@/server/contacts/commands';
import { cuiQuery } from '@/lib/company/schemas';
import { socialMediaListBodySchema } from '@/lib/contacts/schemas';

export const POST = apiRoute('POST /api/SocialMedia/addOrUpdate', {
  query: cuiQuery,
  body: socialMediaListBodySchema,
  handler: ({ actor, query, body }) => saveSocialMedia(actor, query.cui, body),
});
