// How many results a search reports (docs/decisions/005-search-indexes-and-counts.md): exact up
// to SEARCH_COUNT_CAP; above it the server stops counting at SEARCH_COUNT_CAP + 1 and the page
// says "peste 10.000" instead of showing an invented number.
import { formatNumber } from './format';

export const SEARCH_COUNT_CAP = 10_000;

export const isCountCapped = (count: number) => count > SEARCH_COUNT_CAP;

/**
 * Romanian plural: "de" goes between the number and the noun when the last two digits are 00 or
 * 20–99 (and the number is not 0): '1 rezultat', '5 rezultate', '21 de rezultate',
 * '101 rezultate', '1.000 de rezultate'.
 */
export function pluralRo(count: number, one: string, many: string): string {
  if (count === 1) return `1 ${one}`;
  const lastTwo = Math.abs(count) % 100;
  const needsDe = count !== 0 && (lastTwo === 0 || lastTwo >= 20);
  return `${formatNumber(count)} ${needsDe ? 'de ' : ''}${many}`;
}

/**
 * '1 rezultat', '125 de rezultate', 'peste 10.000 de rezultate'. `capped`: the count stopped at the
 * cap (PostgreSQL-only search); the search engine's counts are exact at any size (decision 026).
 */
export function formatResultCount(count: number, capped = isCountCapped(count)): string {
  if (capped) return `peste ${formatNumber(SEARCH_COUNT_CAP)} de rezultate`;
  if (count === 0) return '0 rezultate';
  return pluralRo(count, 'rezultat', 'rezultate');
}
