import { apiRoute } from '@/server/http/route';
import { findCompanyFacets } from '@/server/search/facets';

export const dynamic = 'force-dynamic';

// Filter counts of the advanced-search panel (decision 026): the same query as getCompanies.
export const GET = apiRoute('GET /api/Company/getCompanyFacets', {
  handler: ({ query }) => findCompanyFacets(query),
});
