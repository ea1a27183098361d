// Saved searches (issue 27; docs/decisions/056): a user keeps a search's filters under a name,
// reopens them from the list, which says how many companies match now and how many are new since
// the owner last opened it. Actor first, the policy inside every call.
import 'server-only';
import type { SavedSearchItem } from '@/lib/prospecting/types';
import { savedFilterSchema } from '@/lib/prospecting/schemas';
import type { SearchFilter } from '@/lib/filters';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { badRequest } from '../kernel/errors';
import { firstMatches, countMatches } from './matches';
import { ownSavedSearchWhere, savedSearchNotFound } from './policy';

/** A user keeps at most this many saved searches (each list view counts every one of them). */
const SAVED_SEARCHES_MAX = 50;

/** The stored filter, read again through the search query's schema (a filter field renamed since is dropped). */
export function storedFilter(json: unknown): Partial<SearchFilter> {
  const query = typeof json === 'object' && json ? Object.fromEntries(Object.entries(json).map(([k, v]) => [k, v === null ? undefined : String(v)])) : {};
  const parsed = savedFilterSchema.safeParse(query);
  return parsed.success ? parsed.data : {};
}

function parseQuery(query: string): Partial<SearchFilter> {
  const parsed = savedFilterSchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) throw badRequest('Filtrele căutării nu sunt valide.');
  return parsed.data;
}

async function ownOrThrow(actor: Actor, id: number) {
  const s = await prisma.savedSearch.findFirst({ where: { id, ...ownSavedSearchWhere(actor) }, select: { id: true, filter: true } });
  if (!s) throw savedSearchNotFound();
  return s;
}

/** POST /api/SavedSearch/add: what the owner sees now counts as seen. */
export async function addSavedSearch(actor: Actor, input: { Name: string; Query: string }): Promise<{ Id: number }> {
  const filter = parseQuery(input.Query);
  const count = await prisma.savedSearch.count({ where: ownSavedSearchWhere(actor) });
  if (count >= SAVED_SEARCHES_MAX) throw badRequest(`Puteți păstra cel mult ${SAVED_SEARCHES_MAX} de căutări salvate.`);
  const s = await prisma.savedSearch.create({
    data: { userId: actor.userId, name: input.Name, filter: filter as object, seenCuis: await firstMatches(filter) },
    select: { id: true },
  });
  return { Id: s.id };
}

/** GET /api/SavedSearch/list: newest first, each with its counts now. */
export async function listSavedSearches(actor: Actor): Promise<SavedSearchItem[]> {
  const rows = await prisma.savedSearch.findMany({
    where: ownSavedSearchWhere(actor),
    select: { id: true, name: true, filter: true, seenCuis: true, lastOpenedAt: true, createdAt: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const out: SavedSearchItem[] = [];
  for (const r of rows) {
    const filter = storedFilter(r.filter);
    const m = await countMatches(filter, r.seenCuis);
    out.push({
      Id: r.id,
      Name: r.name,
      Filter: filter,
      MatchCount: m.count,
      NewCount: m.fresh,
      IsCountCapped: m.capped,
      LastOpenedAt: r.lastOpenedAt.toISOString(),
      CreatedAt: r.createdAt.toISOString(),
    });
  }
  return out;
}

/** POST /api/SavedSearch/open?id: the owner opens it; what matches now becomes what they have seen. */
export async function openSavedSearch(actor: Actor, id: number): Promise<{ Filter: Partial<SearchFilter> }> {
  const s = await ownOrThrow(actor, id);
  const filter = storedFilter(s.filter);
  await prisma.savedSearch.update({ where: { id }, data: { seenCuis: await firstMatches(filter), lastOpenedAt: new Date() }, select: { id: true } });
  return { Filter: filter };
}

/** The stored filter of the actor's saved search (segments: a draft's recipients at send time). */
export async function savedSearchFilter(actor: Actor, id: number): Promise<Partial<SearchFilter>> {
  return storedFilter((await ownOrThrow(actor, id)).filter);
}

/** PUT /api/SavedSearch/rename */
export async function renameSavedSearch(actor: Actor, input: { Id: number; Name: string }): Promise<void> {
  await ownOrThrow(actor, input.Id);
  await prisma.savedSearch.update({ where: { id: input.Id }, data: { name: input.Name }, select: { id: true } });
}

/** DELETE /api/SavedSearch/{id} */
export async function deleteSavedSearch(actor: Actor, id: number): Promise<void> {
  await ownOrThrow(actor, id);
  await prisma.savedSearch.delete({ where: { id }, select: { id: true } });
}
