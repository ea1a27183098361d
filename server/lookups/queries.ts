// Lookup lists of the filters: CAEN classes, counties, prefectures (UATs and the
// Bucharest sectors) and company statuses. Reference data changes only on imports, so each full
// list is read once and kept in memory for a few minutes; a search is then a filter in memory,
// diacritics-insensitive in both Romanian spellings. The client adds the 'Toate' entry itself.
import 'server-only';
import { normalizeSearchText } from '@/lib/text';
import { padCaenCode } from '@/lib/slug';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { COMPANY_CAEN_REVISION } from '../search/conditions';
import { LruCache } from '../kernel/lru';

type CaenOption = { Code: string; Description: string };
type CountyOption = { Id: number; County: string };
type PrefectureOption = { Id: number; Prefecture: string };
type CompanyStatusOption = { Id: number; Code: number; Name: string };

/** countyId of getPrefectures meaning "no county chosen". */
const NO_COUNTY = -1;
/** Without a county the prefecture list is the whole country (3,187 entries): send the first ones. */
const PREFECTURES_WITHOUT_COUNTY_LIMIT = 50;

const lists = new LruCache<unknown>(16, 10 * 60_000);

async function cachedList<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = lists.get(key) as T | undefined;
  if (hit !== undefined) return hit;
  const value = await load();
  lists.set(key, value);
  return value;
}

type Searchable<T> = { item: T; norm: string };

/** Items whose text contains the typed text, those starting with it first, in list order otherwise. */
function searchList<T>(list: Searchable<T>[], text: string | undefined, extra?: (item: T, q: string) => boolean): T[] {
  const q = normalizeSearchText(text);
  if (!q) return list.map((x) => x.item);
  const starts: T[] = [];
  const contains: T[] = [];
  for (const x of list) {
    if (x.norm.startsWith(q) || extra?.(x.item, q)) starts.push(x.item);
    else if (x.norm.includes(q)) contains.push(x.item);
  }
  return [...starts, ...contains];
}

/** Keeps the selected entry in the answer even when the text filters it out (so its label shows). */
function withSelected<T>(items: T[], all: T[], isSelected: (item: T) => boolean): T[] {
  if (items.some(isSelected)) return items;
  const selected = all.find(isSelected);
  return selected ? [selected, ...items] : items;
}

// ───────────────────────── CAEN ─────────────────────────

async function caenClasses(): Promise<Searchable<CaenOption>[]> {
  return cachedList('caen', async () => {
    const rows = await sql<{ code: string; name: string }>(
      `SELECT code, name FROM caen WHERE revision = $1 AND level = 'class' ORDER BY code`,
      [COMPANY_CAEN_REVISION],
    );
    return rows.map((r) => ({ item: { Code: r.code, Description: r.name }, norm: normalizeSearchText(`${r.code} ${r.name}`) }));
  });
}

export async function findCaensForFilter(
  _actor: Actor | null,
  q: { searchText?: string; caenCode?: string | null },
): Promise<CaenOption[]> {
  const all = await caenClasses();
  const digits = (q.searchText ?? '').trim();
  const found = searchList(all, q.searchText, (item, text) => /^\d+$/.test(digits) && item.Code.startsWith(text));
  if (!q.caenCode) return found;
  const selected = padCaenCode(q.caenCode);
  return withSelected(found, all.map((x) => x.item), (x) => x.Code === selected);
}

// ───────────────────────── counties ─────────────────────────

async function counties(): Promise<Searchable<CountyOption>[]> {
  return cachedList('counties', async () => {
    const rows = await sql<{ id: number; name: string }>(`SELECT id, name FROM county`);
    // Alphabetical on the folded name: the byte order of the database would put 'Ș…' after 'Z'.
    return rows
      .map((r) => ({ item: { Id: r.id, County: r.name }, norm: normalizeSearchText(r.name) }))
      .sort((a, b) => a.norm.localeCompare(b.norm));
  });
}

export async function findCounties(_actor: Actor | null, q: { searchText?: string; countyId?: number | null }): Promise<CountyOption[]> {
  const all = await counties();
  const found = searchList(all, q.searchText);
  if (q.countyId == null) return found;
  return withSelected(found, all.map((x) => x.item), (x) => x.Id === q.countyId);
}

// ───────────────────────── prefectures (localities) ─────────────────────────

type LocalityEntry = { id: number; countyId: number; name: string; countyName: string };

async function localities(): Promise<Searchable<LocalityEntry>[]> {
  return cachedList('localities', async () => {
    const rows = await sql<{ id: number; county_id: number; name: string; county_name: string; type: string; is_seat: boolean }>(
      `SELECT l.id, l.county_id, l.name, k.name AS county_name, l.type, l.is_seat
         FROM locality l JOIN county k ON k.id = l.county_id`,
    );
    // County seats and cities first within a county: they hold most companies.
    const rank = (r: (typeof rows)[number]) => (r.is_seat ? 0 : r.type === 'sector' ? 1 : r.type === 'municipiu' ? 2 : r.type === 'oras' ? 3 : 4);
    return rows
      .map((r) => ({ r, norm: normalizeSearchText(r.name) }))
      .sort((a, b) => rank(a.r) - rank(b.r) || a.norm.localeCompare(b.norm) || a.r.id - b.r.id)
      .map(({ r, norm }) => ({ item: { id: r.id, countyId: r.county_id, name: r.name, countyName: r.county_name }, norm }));
  });
}

export async function findPrefectures(
  _actor: Actor | null,
  q: { searchText?: string; countyId?: number | null; prefectureId?: number | null },
): Promise<PrefectureOption[]> {
  const all = await localities();
  const anyCounty = q.countyId == null || q.countyId === NO_COUNTY;
  const inCounty = anyCounty ? all : all.filter((x) => x.item.countyId === q.countyId);
  let found = searchList(inCounty, q.searchText);
  if (anyCounty) found = found.slice(0, PREFECTURES_WITHOUT_COUNTY_LIMIT);
  if (q.prefectureId != null) found = withSelected(found, all.map((x) => x.item), (x) => x.id === q.prefectureId);
  // Without a county the same name exists in several counties: name the county.
  return found.map((x) => ({ Id: x.id, Prefecture: anyCounty ? `${x.name} (${x.countyName})` : x.name }));
}

// ───────────────────────── company statuses ─────────────────────────

async function statuses(): Promise<Searchable<CompanyStatusOption>[]> {
  return cachedList('statuses', async () => {
    const rows = await sql<{ id: number; code: number; name: string }>(`SELECT id, code, name FROM company_status ORDER BY code`);
    return rows.map((r) => ({ item: { Id: r.id, Code: r.code, Name: r.name }, norm: normalizeSearchText(`${r.name} ${r.code}`) }));
  });
}

export async function findCompanyStatuses(_actor: Actor | null, q: { searchText?: string }): Promise<CompanyStatusOption[]> {
  return searchList(await statuses(), q.searchText);
}

// ───────────────────────── names of a filter's values ─────────────────────────

/** Display names of the looked-up values of a filter (for the active-filter summary). */
export async function findFilterNames(f: { CaenCode?: string | null; CountyId?: number | null; PrefectureId?: number | null; StatusCode?: number | null }) {
  const [caen, county, locality, status] = await Promise.all([
    f.CaenCode ? caenClasses() : null,
    f.CountyId != null ? counties() : null,
    f.PrefectureId != null ? localities() : null,
    f.StatusCode != null ? statuses() : null,
  ]);
  return {
    caen: caen?.find((x) => x.item.Code === f.CaenCode)?.item.Description ?? null,
    county: county?.find((x) => x.item.Id === f.CountyId)?.item.County ?? null,
    prefecture: locality?.find((x) => x.item.id === f.PrefectureId)?.item.name ?? null,
    status: status?.find((x) => x.item.Code === f.StatusCode)?.item.Name ?? null,
  };
}
