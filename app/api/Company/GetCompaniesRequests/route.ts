import { apiRoute } from '@/server/http/route';
import { findClaimRequests } from '@/server/claims/queries';

export const GET = apiRoute('GET /api/Company/GetCompaniesRequests', {
  handler: ({ actor, query }) => findClaimRequests(actor, query),
});
