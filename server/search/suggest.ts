// Type-ahead: GET /api/Company/getTop5Companies (docs/search.md "The type-ahead"; decisions 005, 074,
// 078). Each step reads its items in the same statement (a round trip waits for the pool, issue 25).
import 'server-only';
import { COMPANY_CAEN_REVISION, Params, nameCondition } from './conditions';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchItem } from './dto';
import { DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS } from '@/lib/search/schemas';
import { LruCache } from '../kernel/lru';
import { prefixPattern } from '../kernel/sql';
import { analyzeText, type TextQuery } from './text-query';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { preparedReadSql } from '../kernel/prepared-sql';
import { engineView, readOnSyncedCopy } from './engine';
import { indexNameMatches } from './search-index';

const TOP_WALK = 2000; // the step-A walk: ~0.1 % of the register at 3.5M, 0.35 ms index-only
export const HEAD_CHARS = 3; // characters the head walk's index groups by (company_name_head_importance_idx)
export const HEAD_WALK = 300; // index entries the head walk reads at most (decision 078)
const CONTAINS_CAP = 300; // rows of a common word that the "contains" step ranks at most
const FUZZY_CAP = 100; // rows the typo pass ranks at most
const FUZZY_MIN_LENGTH = 4; // below this a typo pass finds mostly noise

type Candidate = { cui: number; importance: number; tier: number; sim: number };
type Found = Candidate & CompanyItemRow;

const withItems = (inner: string, order: string) =>
  `SELECT r.*, ${COMPANY_ITEM_COLUMNS.replace('c.cui, ', '')}
     FROM (${inner}) r JOIN company c ON c.cui = r.cui
     LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
    ORDER BY ${order}`;

const cache = new LruCache<CompanySearchItem[]>(2000, 5 * 60_000);

export const clearSuggestionCache = () => cache.clear();

function compare(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || (a.tier >= 3 ? b.sim - a.sim : 0) || b.importance - a.importance || b.cui - a.cui;
}

/** CASE giving the tier of a row of alias `a`: 0 exact CUI, 1 CUI prefix, 2 name prefix, 3 other. */
function tierSql(q: TextQuery, p: Params, a: string): string {
  const whens: string[] = [];
  if (q.cuiDigits !== null) whens.push(`WHEN ${a}.cui::text = ${p.add(q.cuiDigits)} THEN 0`, `WHEN ${a}.cui::text LIKE ${p.add(prefixPattern(q.cuiDigits))} THEN 1`);
  if (q.prefix) whens.push(`WHEN ${a}.name_norm LIKE ${p.add(prefixPattern(q.prefix))} THEN 2`);
  // No CUI and no prefix (a text of punctuation only): every row is "other"; `CASE ELSE` alone is not SQL.
  return whens.length ? `CASE ${whens.join(' ')} ELSE 3 END` : '3';
}

/** Whether names are searched at all ('RO123' is a CUI only; plain digits are both). */
const searchesNames = (q: TextQuery) => q.cuiDigits === null || q.isPlainDigits;

function matchSql(q: TextQuery, p: Params, a: string): string {
  const parts: string[] = [];
  if (q.cuiDigits !== null) parts.push(`${a}.cui::text LIKE ${p.add(prefixPattern(q.cuiDigits))}`);
  if (searchesNames(q)) {
    const name = nameCondition(q, p, a);
    if (name) parts.push(`(${name})`);
  }
  return parts.length ? parts.join(' OR ') : 'false';
}

async function stepA(q: TextQuery, top: number): Promise<{ rows: Found[]; strong: number }> {
  const p = new Params();
  const norm = p.add(q.norm);
  const rows = await sql<Found & { strong: number }>(
    withItems(
      `SELECT cui, importance, tier, sim, count(*) FILTER (WHERE tier <= 2) OVER ()::int AS strong
         FROM (SELECT t.cui, t.importance, ${tierSql(q, p, 't')} AS tier, similarity(t.name_norm, ${norm}) AS sim
                 FROM (SELECT cui, name_norm, importance FROM company ORDER BY importance DESC, cui DESC LIMIT ${TOP_WALK}) t
                WHERE ${matchSql(q, p, 't')}) m
        ORDER BY tier, CASE WHEN tier >= 3 THEN sim END DESC NULLS LAST, importance DESC, cui DESC
        LIMIT ${p.add(top)}`,
      'r.tier, CASE WHEN r.tier >= 3 THEN r.sim END DESC NULLS LAST, r.importance DESC, r.cui DESC',
    ),
    p.values,
  );
  return { rows, strong: rows[0]?.strong ?? 0 };
}

/** Names starting with the text among the first HEAD_WALK of its HEAD_CHARS: exact when it returns `top` rows. */
async function stepHead(q: TextQuery, top: number): Promise<Found[] | null> {
  const chars = Array.from(q.prefix);
  if (q.cuiDigits !== null || chars.length < HEAD_CHARS) return null;
  const p = new Params();
  const head = p.add(chars.slice(0, HEAD_CHARS).join(''));
  return preparedReadSql<Found>(
    withItems(
      `SELECT w.cui, w.importance, 2 AS tier, 0::real AS sim
         FROM (SELECT cui, importance, name_norm FROM company WHERE left(name_norm, ${HEAD_CHARS}) = ${head}
                ORDER BY left(name_norm, ${HEAD_CHARS}), importance DESC, cui DESC LIMIT ${HEAD_WALK}) w
        WHERE w.name_norm LIKE ${p.add(prefixPattern(q.prefix))}
        ORDER BY w.importance DESC, w.cui DESC LIMIT ${p.add(top)}`,
      'r.importance DESC, r.cui DESC',
    ),
    p.values,
  );
}

async function stepPrefix(q: TextQuery, top: number): Promise<Found[]> {
  // `+ 0`: read the prefix range and sort it; the importance index is a trap for mid-frequency prefixes (100+ ms).
  const startingWith = (tierAndWhere: (p: Params) => [string, string]) => {
    const p = new Params();
    const [tier, where] = tierAndWhere(p);
    return sql<Found>(
      withItems(
        `SELECT c.cui, c.importance, ${tier} AS tier, 0::real AS sim FROM company c WHERE ${where}
          ORDER BY tier, c.importance + 0 DESC, c.cui DESC LIMIT ${p.add(top)}`,
        'r.tier, r.importance DESC, r.cui DESC',
      ),
      p.values,
    );
  };
  const digits = q.cuiDigits;
  const byCui = digits === null ? [] : await startingWith((p) => [`CASE WHEN c.cui::text = ${p.add(digits)} THEN 0 ELSE 1 END`, `c.cui::text LIKE ${p.add(prefixPattern(digits))}`]);
  const byName = searchesNames(q) && q.prefix ? await startingWith((p) => ['2', `c.name_norm LIKE ${p.add(prefixPattern(q.prefix))}`]) : [];
  return [...byCui, ...byName];
}

async function stepContains(q: TextQuery, top: number, raw: string): Promise<Found[]> {
  if (q.indexWords.length === 0 || !searchesNames(q)) return [];
  // The index finds the capped set without reading names ('e&e medi': 0.7 s on PostgreSQL at 3.5M, decision 074).
  const onIndex = await readOnSyncedCopy(async () => {
    const view = await engineView();
    const found = view ? indexNameMatches(view.ix, raw, CONTAINS_CAP) : null;
    if (!view || !found) return null;
    const changed = new Set(view.changed);
    return { capped: found.filter((cui) => !changed.has(cui)), changed: view.changed };
  });
  const fromIndex = onIndex?.value ?? null;
  if (fromIndex && fromIndex.capped.length === 0 && fromIndex.changed.length === 0) return [];
  const p = new Params();
  const norm = p.add(q.norm);
  const changedMatch = fromIndex?.changed.length ? ` OR (c.cui = ANY(${p.add(fromIndex.changed)}::int[]) AND ${nameCondition(q, p, 'c')})` : '';
  const where = fromIndex ? `c.cui = ANY(${p.add(fromIndex.capped)}::int[])${changedMatch}` : `${nameCondition(q, p, 'c')} LIMIT ${CONTAINS_CAP}`;
  return sql<Found>(
    withItems(
      `SELECT m.cui, m.importance, 3 AS tier, similarity(m.name_norm, ${norm}) AS sim
         FROM (SELECT c.cui, c.name_norm, c.importance FROM company c WHERE ${where}) m
        ORDER BY sim DESC, m.importance DESC, m.cui DESC LIMIT ${p.add(top)}`,
      'r.sim DESC, r.importance DESC, r.cui DESC',
    ),
    p.values,
  );
}

/** Typos: a word close to the longest typed word. */
async function stepFuzzy(q: TextQuery, top: number): Promise<Found[]> {
  const word = q.indexWords[0];
  if (q.cuiDigits !== null || !word || word.length < FUZZY_MIN_LENGTH) return [];
  const p = new Params();
  const norm = p.add(word);
  return sql<Found>(
    withItems(
      `SELECT m.cui, m.importance, 4 AS tier, m.sim
         FROM (SELECT c.cui, c.importance, word_similarity(${norm}, c.name_norm) AS sim
                 FROM company c WHERE ${norm} <% c.name_norm LIMIT ${FUZZY_CAP}) m
        ORDER BY m.sim DESC, m.importance DESC, m.cui DESC LIMIT ${p.add(top)}`,
      'r.sim DESC, r.importance DESC, r.cui DESC',
    ),
    p.values,
  );
}

export async function suggestCompanies(_actor: Actor | null, input: { searchText: string; top?: number }): Promise<CompanySearchItem[]> {
  const q = analyzeText(input.searchText);
  const top = Math.min(Math.max(input.top ?? DEFAULT_SUGGESTIONS, 1), MAX_SUGGESTIONS);
  if (q.norm === '') return [];
  const key = `${top}|${q.norm}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = (await findSuggestions(q, top, input.searchText)).slice(0, top).map(toCompanySearchItem);
  cache.set(key, result);
  return result;
}

async function findSuggestions(q: TextQuery, top: number, raw: string): Promise<Found[]> {
  const head = await stepHead(q, top);
  if (head && head.length >= top) return head;
  const found = new Map<number, Found>();
  const add = (rows: Found[]) => {
    for (const r of rows) {
      const prev = found.get(r.cui);
      if (!prev || compare(r, prev) < 0) found.set(r.cui, r);
    }
  };
  if (head) add(head);
  const a = await stepA(q, top);
  add(a.rows);
  if (a.strong < top) {
    add(await stepPrefix(q, top));
    if (found.size < top) add(await stepContains(q, top, raw));
    // A typo pass only when nothing matched at all: otherwise it would rank noise among real hits.
    if (found.size === 0) add(await stepFuzzy(q, top));
  }
  return [...found.values()].sort(compare);
}
