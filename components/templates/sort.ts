// Sort keys of the template and draft tables: "Key" ascending, "Key_desc" descending; a click on
// the sorted column flips it, a click on another column starts ascending.
import type { SortDirection } from '@/components/ui/table';

export function directionOf(orderBy: string, key: string): SortDirection {
  if (orderBy === key) return 'asc';
  if (orderBy === `${key}_desc`) return 'desc';
  return null;
}

export function nextOrder(orderBy: string, key: string): string {
  return directionOf(orderBy, key) === 'asc' ? `${key}_desc` : key;
}
