import { apiRoute, sharedAnswer } from '@/server/http/route';
import { findCompanyFacets } from '@/server/search/engine-search';

export const dynamic = 'force-dynamic';

// Filter counts of the advanced-search panel (decision 026): the same query as getCompanies.
export const GET = apiRoute('GET /api/Company/getCompanyFacets', {
  handler: async ({ query }) => {
    const answer = await findCompanyFacets(query);
    // The counts of a filter are cached (engine-search.ts): their answer is sent as JSON once.
    return answer.Facets ? sharedAnswer(answer.Facets, (Facets) => ({ Available: true, Facets })) : answer;
  },
});
