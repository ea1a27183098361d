// Sort keys of the group screens: "Key" ascending, "Key_desc" descending; a click on the sorted
// column flips it, a click on another column starts with `first`.
import type { SortDirection } from '@/components/ui/table';

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
