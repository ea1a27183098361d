import { apiRoute } from '@/server/http/route';
import { getCollaborations } from '@/server/company/collaborations';
import { listQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getCollaborations', {
  query: listQuery(8),
  handler: ({ query }) => getCollaborations(query),
});
