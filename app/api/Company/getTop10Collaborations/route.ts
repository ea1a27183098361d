import { apiRoute } from '@/server/http/route';
import { getTopCollaborationNetwork } from '@/server/company/collaborations';
import { collaborationNetworkQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getTop10Collaborations', {
  query: collaborationNetworkQuery,
  handler: ({ query }) => getTopCollaborationNetwork(query.companyCui),
});
