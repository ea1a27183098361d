import { apiRoute } from '@/server/http/route';
import { sendClaimRequest } from '@/server/claims/commands';
import { claimSchema } from '@/lib/claims/schemas';

export const POST = apiRoute('POST /api/Company/SendCompanyRequest', {
  body: claimSchema,
  handler: ({ actor, body }) => sendClaimRequest(actor, body),
});
