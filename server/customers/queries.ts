// Find customers (001 §2.7): the visitor describes their products or services; we look for
// companies whose registered activity (CAEN Rev.2 class name) or whose name contains those words.
// Diacritics-insensitive, tolerant to Romanian inflection by matching word stems at word starts.
// Rationale and limits: docs/decisions/007-find-customers.md.
import 'server-only';
import { normalizeSearchText } from '@/lib/text';
import type { CaenOrder, CompanyCardItem, PagedList } from '@/components/company-details/types';
import { getCaenCatalogue } from '../caen/queries';
import { listCompanies } from '../caen/companies';

/** Words that say nothing about the activity (connectors and generic selling words). */
const STOPWORDS = new Set(
  `a al ale ai and cu ce care catre de del din dintre e este etc fara for in intre la le lor noi nostru noastre
   o of ori pe pentru per prin sau si sub the to un una unei unui va vand vanzare vindem oferim ofera produc
   produs produse productie servicii serviciu service firma firme companie companii client clienti tip tipuri
   diverse diferite alte altele orice toate tot`.split(/\s+/),
);

/**
 * Stems of the meaningful words: at least 4 letters kept, about three quarters of the word, so that
 * 'mobila', 'mobilier' and 'mobilei' meet in 'mobil' and 'pâine' matches 'pâinii'.
 */
export function customerStems(text: string): string[] {
  const words = normalizeSearchText(text)
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  const stems = words.map((w) => (w.length <= 4 ? w : w.slice(0, Math.max(4, Math.ceil(w.length * 0.75)))));
  return [...new Set(stems)].slice(0, 6);
}

export type MatchedClass = { code: string; name: string; score: number };

/** CAEN classes whose name (or group name) contains the most stems at a word start; at most 12. */
export async function matchCaenClasses(stems: string[]): Promise<MatchedClass[]> {
  if (stems.length === 0) return [];
  const cat = await getCaenCatalogue();
  const res = stems.map((s) => new RegExp(`(^|[^a-z0-9])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const scored: MatchedClass[] = [];
  for (const row of cat.byCode.values()) {
    if (row.level !== 'class') continue;
    const text = normalizeSearchText(row.name);
    const score = res.filter((re) => re.test(text)).length;
    if (score > 0) scored.push({ code: row.code, name: row.name, score });
  }
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score === best)
    .sort((a, b) => a.code.localeCompare(b.code))
    .slice(0, 12);
}

export const CUSTOMERS_PAGE_SIZE = 21;

/** GET /api/Company/getCompanyForCustomers */
export async function findCustomers(
  searchText: string,
  pageNumber: number,
  pageSize: number,
  order: CaenOrder,
): Promise<PagedList<CompanyCardItem> & { MatchedCaen: Array<{ Code: string; Description: string }> }> {
  const stems = customerStems(searchText);
  const classes = await matchCaenClasses(stems);
  // Company names: every stem must start a word of the name.
  const nameRegexes = stems.map((s) => `(^|[^a-z0-9])${s}`);
  const list = await listCompanies({ classes: classes.map((c) => c.code), nameRegexes, order, pageNumber, pageSize });
  return { ...list, MatchedCaen: classes.map((c) => ({ Code: c.code, Description: c.name })) };
}
