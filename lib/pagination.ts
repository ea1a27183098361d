// Pager layouts as plain data; components only render them.

export type PageItem =
  | { type: 'page'; page: number; isCurrent: boolean }
  | { type: 'ellipsis'; key: 'ellipsis-start' | 'ellipsis-end' };

type PagerArrow = {
  /** page the arrow goes to (clamped to 1..totalPages) */
  page: number;
  /** true when the arrow would not move (already on the first / last page) */
  disabled: boolean;
};

type PagerArrows = {
  first: PagerArrow;
  prev: PagerArrow;
  next: PagerArrow;
  last: PagerArrow;
};

export type PaginationLayout = PagerArrows & {
  /** false with 0 or 1 page: render nothing */
  isVisible: boolean;
  /** first/prev/next/last arrows are shown only in the long layout (8 or more pages) */
  showArrows: boolean;
  currentPage: number;
  totalPages: number;
  items: PageItem[];
};

/** From this many pages the shared pagination abbreviates with ellipses. */
const PAGINATION_ELLIPSIS_FROM = 8;
/** Pages always listed at each end in the long layout. */
const PAGINATION_BOUNDARY = 2;
/** Pages listed on each side of the current page in the long layout. */
const PAGINATION_SIBLINGS = 1;

function sanitizeTotal(totalPages: number): number {
  return Number.isFinite(totalPages) && totalPages > 0 ? Math.floor(totalPages) : 0;
}

function clampPage(page: number, totalPages: number): number {
  if (totalPages < 1) return 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.floor(page), 1), totalPages);
}

function buildArrows(current: number, total: number): PagerArrows {
  const last = Math.max(total, 1);
  return {
    first: { page: 1, disabled: current <= 1 },
    prev: { page: Math.max(current - 1, 1), disabled: current <= 1 },
    next: { page: Math.min(current + 1, last), disabled: current >= last },
    last: { page: last, disabled: current >= last },
  };
}

/**
 * Shared pagination (002 "Shared pagination"):
 * - 0 or 1 page: nothing;
 * - 2 to 7 pages: every page;
 * - 8 or more: pages 1–2, the current page with one neighbour each side, the last 2 pages,
 *   and an ellipsis for each hidden run, plus first/prev/next/last arrows.
 * A hidden run of exactly one page is shown as that page instead of an ellipsis (an
 * ellipsis hiding a single number saves nothing), e.g. 8 pages at page 4 lists 1..8.
 */
export function getPaginationLayout(currentPage: number, totalPages: number): PaginationLayout {
  const total = sanitizeTotal(totalPages);
  const current = clampPage(currentPage, total);
  const base = { currentPage: current, totalPages: total, ...buildArrows(current, total) };
  if (total <= 1) return { ...base, isVisible: false, showArrows: false, items: [] };

  const pageItem = (page: number): PageItem => ({ type: 'page', page, isCurrent: page === current });

  if (total < PAGINATION_ELLIPSIS_FROM) {
    return {
      ...base,
      isVisible: true,
      showArrows: false,
      items: Array.from({ length: total }, (_, i) => pageItem(i + 1)),
    };
  }

  const shown = new Set<number>();
  for (let p = 1; p <= PAGINATION_BOUNDARY; p++) shown.add(p);
  for (let p = total - PAGINATION_BOUNDARY + 1; p <= total; p++) shown.add(p);
  for (let p = current - PAGINATION_SIBLINGS; p <= current + PAGINATION_SIBLINGS; p++) {
    if (p >= 1 && p <= total) shown.add(p);
  }
  const pages = [...shown].sort((a, b) => a - b);

  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined) {
      const gap = page - previous - 1;
      if (gap === 1) items.push(pageItem(previous + 1));
      else if (gap > 1) items.push({ type: 'ellipsis', key: page <= current ? 'ellipsis-start' : 'ellipsis-end' });
    }
    items.push(pageItem(page));
  });
  return { ...base, isVisible: true, showArrows: true, items };
}

export type CompactPager = PagerArrows & {
  isVisible: boolean;
  currentPage: number;
  totalPages: number;
  /** the page buttons, in order (3, or 2 with exactly two pages) */
  pages: number[];
};

/** Number of page buttons of the compact pager. */
const COMPACT_PAGER_BUTTONS = 3;

/**
 * The 3-button pager of the tender / EU-project / collaboration tables: hidden
 * with one page; otherwise 3 consecutive page buttons containing the current page
 * (centred on it when possible), 2 buttons with exactly 2 pages, plus first, previous,
 * next and last buttons (always shown, disabled at the ends).
 */
export function getCompactPager(currentPage: number, totalPages: number): CompactPager {
  const total = sanitizeTotal(totalPages);
  const current = clampPage(currentPage, total);
  const base = { currentPage: current, totalPages: total, ...buildArrows(current, total) };
  if (total <= 1) return { ...base, isVisible: false, pages: [] };
  const count = Math.min(COMPACT_PAGER_BUTTONS, total);
  const start = Math.min(Math.max(current - Math.floor(count / 2), 1), total - count + 1);
  return { ...base, isVisible: true, pages: Array.from({ length: count }, (_, i) => start + i) };
}
