import { apiRoute } from '@/server/http/route';
import { findCompanyStatuses } from '@/server/lookups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanyStatuses', {
  handler: ({ actor, query }) => findCompanyStatuses(actor, query),
});
