import { apiRoute } from '@/server/http/route';
import { getFiscalCheck } from '@/server/fiscal/queries';

export const dynamic = 'force-dynamic';

// The stored check only: the caller never waits for ANAF (decision 098).
export const GET = apiRoute('GET /api/Fiscal/getFiscalCheck', {
  handler: ({ query }) => getFiscalCheck(query.cui),
});
