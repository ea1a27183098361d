import 'server-only';
// The "Recent șterse" lists of groups and templates (docs/decisions/042): one page of the owner's
// deleted rows still restorable, newest deletion first, and its answer. The where (whose rows,
// which are restorable) stays in each domain's policy module.
import { DELETED_PAGE_SIZE, restorableUntil, type DeletedItem, type DeletedListQuery } from '@/lib/shared/restore';

/** The findMany arguments of one page (the caller adds its policy's where). */
export const deletedPageArgs = (q: DeletedListQuery) => ({
  select: { id: true as const, name: true as const, deletedAt: true as const },
  orderBy: [{ deletedAt: 'desc' as const }, { id: 'desc' as const }],
  skip: (q.PageNumber - 1) * DELETED_PAGE_SIZE,
  take: DELETED_PAGE_SIZE,
});

/** The API answer of that page; `count` is the number of rows on every page. */
export function deletedPage(rows: Array<{ id: number; name: string; deletedAt: Date | null }>, count: number) {
  const Items: DeletedItem[] = rows.map((r) => ({ Id: r.id, Name: r.name, DeletedOn: r.deletedAt!.toISOString(), RestorableUntil: restorableUntil(r.deletedAt!).toISOString() }));
  return { Items, Count: count, NumberOfPages: Math.ceil(count / DELETED_PAGE_SIZE) };
}
