import { apiRoute } from '@/server/http/route';
import { sendClaimRequest } from '@/server/claims/commands';

export const POST = apiRoute('POST /api/Company/SendCompanyRequest', {
  handler: ({ actor, body }) => sendClaimRequest(actor, body),
});
