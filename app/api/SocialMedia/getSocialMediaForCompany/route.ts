import { apiRoute } from '@/server/http/route';
import { getSocialMedia } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/SocialMedia/getSocialMediaForCompany', {
  query: cuiQuery,
  handler: ({ query }) => getSocialMedia(query.cui),
});
