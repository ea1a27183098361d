import { apiRoute } from '@/server/http/route';
import { getTopCollaborationNetwork } from '@/server/company/collaborations';

export const GET = apiRoute('GET /api/Company/getTop10Collaborations', {
  handler: ({ query }) => getTopCollaborationNetwork(query.companyCui),
});
