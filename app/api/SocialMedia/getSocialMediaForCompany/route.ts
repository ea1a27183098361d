import { apiRoute } from '@/server/http/route';
import { getSocialMedia } from '@/server/company/social-media';
import { cuiQuery } from '@/server/company/schemas';

export const GET = apiRoute('GET /api/SocialMedia/getSocialMediaForCompany', {
  query: cuiQuery,
  handler: ({ query }) => getSocialMedia(query.cui),
});
