// Find customers: the visitor describes their products or services; we look for
// companies whose registered activity (CAEN Rev.2 class name) or whose name contains those words.
// Diacritics-insensitive, tolerant to Romanian inflection by matching word stems at word starts.
// Rationale and limits: docs/decisions/007-find-customers.md.
import 'server-only';
import { normalizeSearchText } from '@/lib/text';
import { containsStems, stem, words } from '@/lib/caen/search';
import type { CompanyCardItem, PagedList } from '@/lib/company/types';
import type { CustomerOrder } from '@/lib/company-rules';
import { getCaenCatalogue } from '../caen/queries';
import { listCompanies } from '../caen/companies';

/** Words that say nothing about the activity (connectors and generic selling words). */
const STOPWORDS = new Set(
  `a al ale ai and cu ce care catre de del din dintre e este etc fara for in intre la le lor noi nostru noastre
   o of ori pe pentru per prin sau si sub the to un una unei unui va vand vanzare vindem oferim ofera produc
   produs produse productie servicii serviciu service firma firme companie companii client clienti tip tipuri
   diverse diferite alte altele orice toate tot`.split(/\s+/),
);

/** Stems of the meaningful words of the visitor's text (at most 6). */
export function customerStems(text: string): string[] {
  const meaningful = words(text).filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return [...new Set(meaningful.map(stem))].slice(0, 6);
}

type MatchedClass = { code: string; name: string; score: number };

/**
 * CAEN classes whose name contains the stems at a word start, best first: each stem weighs by how
 * rare it is among class names (a generic word such as 'echipamente' counts less than 'medicale'),
 * and only the best-scoring classes are kept, at most 12.
 */
async function matchCaenClasses(stems: string[]): Promise<MatchedClass[]> {
  if (stems.length === 0) return [];
  const cat = await getCaenCatalogue();
  const classes = [...cat.byCode.values()].filter((r) => r.level === 'class').map((r) => ({ row: r, norm: normalizeSearchText(r.name) }));
  const hits = stems.map((s) => new Set(classes.filter((c) => containsStems(c.norm, [s])).map((c) => c.row.code)));
  const weight = hits.map((h) => (h.size === 0 ? 0 : Math.log(1 + classes.length / h.size)));
  const scored: MatchedClass[] = [];
  for (const c of classes) {
    const score = hits.reduce((sum, h, i) => sum + (h.has(c.row.code) ? weight[i] : 0), 0);
    if (score > 0) scored.push({ code: c.row.code, name: c.row.name, score });
  }
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score >= best - 1e-9)
    .sort((a, b) => a.code.localeCompare(b.code))
    .slice(0, 12);
}

/** GET /api/Company/getCompanyForCustomers */
export async function findCustomers(
  searchText: string,
  pageNumber: number,
  pageSize: number,
  order: CustomerOrder,
): Promise<PagedList<CompanyCardItem> & { MatchedCaen: Array<{ Code: string; Description: string }> }> {
  const stems = customerStems(searchText);
  const classes = await matchCaenClasses(stems);
  // Company names: every stem must start a word of the name.
  const nameRegexes = stems.map((s) => `(^|[^a-z0-9])${s}`);
  const list = await listCompanies({ classes: classes.map((c) => c.code), nameRegexes, order, pageNumber, pageSize });
  return { ...list, MatchedCaen: classes.map((c) => ({ Code: c.code, Description: c.name })) };
}
