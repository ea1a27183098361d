import { apiRoute } from '@/server/http/route';
import { saveSocialMedia } from '@/server/contacts/commands';

export const POST = apiRoute('POST /api/SocialMedia/addOrUpdate', {
  handler: ({ actor, query, body }) => saveSocialMedia(actor, query.cui, body),
});
