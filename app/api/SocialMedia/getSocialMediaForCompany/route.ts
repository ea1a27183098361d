import { apiRoute } from '@/server/http/route';
import { getSocialMedia } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/SocialMedia/getSocialMediaForCompany', {
  handler: ({ query }) => getSocialMedia(query.cui),
});
