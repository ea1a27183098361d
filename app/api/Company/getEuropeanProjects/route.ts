import { apiRoute } from '@/server/http/route';
import { getEuProjects } from '@/server/company/eu-projects';
import { listQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getEuropeanProjects', {
  query: listQuery(6),
  handler: ({ query }) => getEuProjects(query),
});
