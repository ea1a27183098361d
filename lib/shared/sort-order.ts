// Sort keys of the signed-in lists (templates, drafts, a draft's companies, groups): "Key"
// ascending, "Key_desc" descending. A click on the sorted column flips it; a click on another
// column starts with `first` (ascending unless a list says otherwise).
/** The arrow a sortable column head shows (the kit's SortableTableHead takes the same). */
export type SortDirection = 'asc' | 'desc' | null;

export function directionOf(orderBy: string, key: string): SortDirection {
  if (orderBy === key) return 'asc';
  if (orderBy === `${key}_desc`) return 'desc';
  return null;
}

export function nextOrder(orderBy: string, key: string, first: 'asc' | 'desc' = 'asc'): string {
  const current = directionOf(orderBy, key);
  const dir = current === null ? first : current === 'asc' ? 'desc' : 'asc';
  return dir === 'asc' ? key : `${key}_desc`;
}
