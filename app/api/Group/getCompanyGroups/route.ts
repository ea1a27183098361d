import { apiRoute } from '@/server/http/route';
import { listCompanyGroups } from '@/server/search/group-companies';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getCompanyGroups', {
  handler: ({ actor, query }) => listCompanyGroups(actor, query),
});
