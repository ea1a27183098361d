// GET /api/Company/getCompanyFacets: the filter counts of the advanced-search panel, from the search
// engine (decision 026). Without the engine (switched off, or still loading) the answer says so and
// the panel shows the options without counts: counting every option on PostgreSQL at 3.5M
// companies would cost seconds.
import 'server-only';
import type { SearchFilter } from '@/lib/filters';
import type { CompanyFacetsAnswer } from '@/lib/search/facets';
import { readOnSyncedCopy } from './engine';
import { facetCompanies } from './engine-search';

export async function findCompanyFacets(filter: Partial<SearchFilter>): Promise<CompanyFacetsAnswer> {
  const onCopy = await readOnSyncedCopy(() => facetCompanies(filter));
  return onCopy ? { Available: true, Facets: onCopy.value } : { Available: false, Facets: null };
}
