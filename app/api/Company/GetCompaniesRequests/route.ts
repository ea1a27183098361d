import { apiRoute } from '@/server/http/route';
import { findClaimRequests } from '@/server/claims/queries';
import { claimRequestsQuerySchema } from '@/lib/claims/schemas';

export const GET = apiRoute('GET /api/Company/GetCompaniesRequests', {
  query: claimRequestsQuerySchema,
  handler: ({ actor, query }) => findClaimRequests(actor, query),
});
