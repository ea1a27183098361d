import { apiRoute } from '@/server/http/route';
import { getEuProjects } from '@/server/company/eu-projects';

export const GET = apiRoute('GET /api/Company/getEuropeanProjects', {
  handler: ({ query }) => getEuProjects(query),
});
