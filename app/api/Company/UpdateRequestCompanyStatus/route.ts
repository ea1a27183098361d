import { apiRoute } from '@/server/http/route';
import { updateClaimStatus } from '@/server/claims/commands';
import { updateClaimStatusQuerySchema } from '@/lib/claims/schemas';

export const POST = apiRoute('POST /api/Company/UpdateRequestCompanyStatus', {
  query: updateClaimStatusQuerySchema,
  handler: ({ actor, query }) => updateClaimStatus(actor, query.requestCompanyId, query.status),
});
