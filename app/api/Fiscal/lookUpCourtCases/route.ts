import { apiRoute } from '@/server/http/route';
import { lookUpCourtCasesNow } from '@/server/fiscal/court-cases';

export const dynamic = 'force-dynamic';

// "Caută dosare": the user waits for the portal, never a page (decision 108).
export const POST = apiRoute('POST /api/Fiscal/lookUpCourtCases', {
  handler: ({ actor, body }) => lookUpCourtCasesNow(actor, body.Cui),
});
