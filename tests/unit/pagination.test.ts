import { getCompactPager, getPaginationLayout, type PageItem } from '@/lib/pagination';

/** Compact rendering of the items: pages as numbers, the current one in brackets, ellipses as '…'. */
const render = (items: PageItem[]) =>
  items.map((i) => (i.type === 'ellipsis' ? '…' : i.isCurrent ? `[${i.page}]` : String(i.page))).join(' ');

describe('getPaginationLayout', () => {
  it.each([0, 1, Number.NaN, -3])('shows nothing with %p pages', (total) => {
    const layout = getPaginationLayout(1, total);
    expect(layout.isVisible).toBe(false);
    expect(layout.items).toEqual([]);
    expect(layout.showArrows).toBe(false);
  });

  it('lists both pages of 2, without arrows', () => {
    expect(render(getPaginationLayout(1, 2).items)).toBe('[1] 2');
    expect(render(getPaginationLayout(2, 2).items)).toBe('1 [2]');
    expect(getPaginationLayout(1, 2).showArrows).toBe(false);
    expect(getPaginationLayout(1, 2).isVisible).toBe(true);
  });

  it('lists every page up to 7', () => {
    expect(render(getPaginationLayout(1, 7).items)).toBe('[1] 2 3 4 5 6 7');
    expect(render(getPaginationLayout(4, 7).items)).toBe('1 2 3 [4] 5 6 7');
    expect(render(getPaginationLayout(7, 7).items)).toBe('1 2 3 4 5 6 [7]');
    expect(getPaginationLayout(4, 7).showArrows).toBe(false);
  });

  it('abbreviates from 8 pages', () => {
    expect(render(getPaginationLayout(1, 8).items)).toBe('[1] 2 … 7 8');
    expect(render(getPaginationLayout(4, 8).items)).toBe('1 2 3 [4] 5 6 7 8');
    expect(render(getPaginationLayout(8, 8).items)).toBe('1 2 … 7 [8]');
    expect(getPaginationLayout(1, 8).showArrows).toBe(true);
  });

  it('shows first 2, a window around the current page and last 2 with 20 pages', () => {
    expect(render(getPaginationLayout(1, 20).items)).toBe('[1] 2 … 19 20');
    expect(render(getPaginationLayout(2, 20).items)).toBe('1 [2] 3 … 19 20');
    expect(render(getPaginationLayout(4, 20).items)).toBe('1 2 3 [4] 5 … 19 20');
    // a hidden run of a single page shows that page instead of an ellipsis
    expect(render(getPaginationLayout(5, 20).items)).toBe('1 2 3 4 [5] 6 … 19 20');
    expect(render(getPaginationLayout(6, 20).items)).toBe('1 2 … 5 [6] 7 … 19 20');
    expect(render(getPaginationLayout(10, 20).items)).toBe('1 2 … 9 [10] 11 … 19 20');
    expect(render(getPaginationLayout(15, 20).items)).toBe('1 2 … 14 [15] 16 … 19 20');
    expect(render(getPaginationLayout(16, 20).items)).toBe('1 2 … 15 [16] 17 18 19 20');
    expect(render(getPaginationLayout(17, 20).items)).toBe('1 2 … 16 [17] 18 19 20');
    expect(render(getPaginationLayout(20, 20).items)).toBe('1 2 … 19 [20]');
  });

  it('gives the two ellipses distinct keys', () => {
    const keys = getPaginationLayout(10, 20)
      .items.filter((i) => i.type === 'ellipsis')
      .map((i) => (i.type === 'ellipsis' ? i.key : ''));
    expect(keys).toEqual(['ellipsis-start', 'ellipsis-end']);
  });

  it('sets the arrow targets and disabled flags', () => {
    expect(getPaginationLayout(1, 20)).toMatchObject({
      first: { page: 1, disabled: true },
      prev: { page: 1, disabled: true },
      next: { page: 2, disabled: false },
      last: { page: 20, disabled: false },
    });
    expect(getPaginationLayout(10, 20)).toMatchObject({
      first: { page: 1, disabled: false },
      prev: { page: 9, disabled: false },
      next: { page: 11, disabled: false },
      last: { page: 20, disabled: false },
    });
    expect(getPaginationLayout(20, 20)).toMatchObject({
      prev: { page: 19, disabled: false },
      next: { page: 20, disabled: true },
      last: { page: 20, disabled: true },
    });
  });

  it('clamps an out-of-range current page', () => {
    expect(getPaginationLayout(50, 20).currentPage).toBe(20);
    expect(getPaginationLayout(0, 20).currentPage).toBe(1);
  });
});

describe('getCompactPager', () => {
  it('is hidden with one page', () => {
    expect(getCompactPager(1, 1)).toMatchObject({ isVisible: false, pages: [] });
    expect(getCompactPager(1, 0).isVisible).toBe(false);
  });

  it('shows 2 buttons with exactly 2 pages', () => {
    expect(getCompactPager(1, 2).pages).toEqual([1, 2]);
    expect(getCompactPager(2, 2).pages).toEqual([1, 2]);
  });

  it('shows 3 buttons around the current page', () => {
    expect(getCompactPager(1, 3).pages).toEqual([1, 2, 3]);
    expect(getCompactPager(1, 20).pages).toEqual([1, 2, 3]);
    expect(getCompactPager(2, 20).pages).toEqual([1, 2, 3]);
    expect(getCompactPager(10, 20).pages).toEqual([9, 10, 11]);
    expect(getCompactPager(20, 20).pages).toEqual([18, 19, 20]);
  });

  it('has first/prev/next/last targets', () => {
    expect(getCompactPager(1, 7)).toMatchObject({
      first: { page: 1, disabled: true },
      prev: { disabled: true },
      next: { page: 2, disabled: false },
      last: { page: 7, disabled: false },
    });
    expect(getCompactPager(7, 7)).toMatchObject({ next: { page: 7, disabled: true }, last: { disabled: true } });
  });
});
