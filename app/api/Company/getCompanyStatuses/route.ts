import { apiRoute } from '@/server/http/route';
import { findCompanyStatuses } from '@/server/lookups/queries';
import { lookupQuerySchema } from '@/lib/lookups/schemas';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanyStatuses', {
  query: lookupQuerySchema,
  handler: ({ actor, query }) => findCompanyStatuses(actor, query),
});
