import { apiRoute, sharedAnswer } from '@/server/http/route';
import { findCompanies } from '@/server/search/engine-search';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanies', {
  handler: async ({ actor, query }) => {
    // The documented shape; IsCountCapped only when the count stopped at the cap (PostgreSQL-only
    // search). A cached answer gives the same object, sent as JSON once (sharedAnswer).
    return sharedAnswer(await findCompanies(actor, query), ({ Items, NumberOfPages, Count, IsCountCapped }) =>
      IsCountCapped ? { Items, NumberOfPages, Count, IsCountCapped } : { Items, NumberOfPages, Count },
    );
  },
});
