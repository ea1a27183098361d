import { apiRoute } from '@/server/http/route';
import { updateClaimStatus } from '@/server/claims/commands';

export const POST = apiRoute('POST /api/Company/UpdateRequestCompanyStatus', {
  handler: ({ actor, query }) => updateClaimStatus(actor, query.requestCompanyId, query.status),
});
