// Advanced search: GET /api/Company/getCompanies. The search engine answers (engine-search.ts:
// the index, and PostgreSQL through the one SQL writer for what it cannot express); while there is
// no index (before the first build, SEARCH_ENGINE=postgres) the same SQL writer answers alone, with
// exact counts (decision 119: the capped-count plans, money bands and count cube of decision 005
// went). Ordering is always `sort_key DESC, cui DESC`, so pages are stable.
import 'server-only';
import type { SearchFilter } from '@/lib/filters';
import type { Actor } from '../auth/actor';
import { readOnSyncedCopy } from './engine';
import { findCompaniesOnPostgres, findCompaniesWithEngine } from './engine-search';
import type { CompanySearchPage } from './dto';

export { buildWhere } from './conditions';

export async function findCompanies(_actor: Actor | null, filter: Partial<SearchFilter>): Promise<CompanySearchPage & { plan: 'engine' | 'postgres' }> {
  const onCopy = await readOnSyncedCopy(() => findCompaniesWithEngine(filter));
  return onCopy ? onCopy.value : findCompaniesOnPostgres(filter);
}
