import { apiRoute } from '@/server/http/route';
import { getCollaborations } from '@/server/company/collaborations';

export const GET = apiRoute('GET /api/Company/getCollaborations', {
  handler: ({ query }) => getCollaborations(query),
});
