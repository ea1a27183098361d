import { apiRoute } from '@/server/http/route';
import { findCompanies } from '@/server/search/search';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanies', {
  handler: async ({ actor, query }) => {
    const { Items, NumberOfPages, Count, IsCountCapped } = await findCompanies(actor, query);
    // The documented shape; IsCountCapped only when the count stopped at the cap (PostgreSQL-only search).
    return IsCountCapped ? { Items, NumberOfPages, Count, IsCountCapped } : { Items, NumberOfPages, Count };
  },
});
