'use client';

import * as React from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Ellipsis } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { CompactPager, PaginationLayout } from '@/lib/pagination';

export type PaginationItem = number | 'ellipsis';

export type PaginationProps = {
  /** Layout to render, e.g. [1, 2, 'ellipsis', 9, 10, 11, 'ellipsis', 29, 30]. One page or none renders nothing. */
  pages: PaginationItem[];
  /** Current page (1-based). */
  current: number;
  onChange: (page: number) => void;
  /** Show first/previous/next/last arrows. */
  showArrows?: boolean;
  /** Last page for the 'Ultima pagină' arrow; default the largest number in pages. */
  totalPages?: number;
  /** Accessible name of the navigation landmark. Default 'Paginare'. */
  'aria-label'?: string;
  className?: string;
};

const itemBase =
  'inline-flex size-10 items-center justify-center rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-40 sm:size-9';

export function Pagination({
  pages,
  current,
  onChange,
  showArrows = false,
  totalPages,
  'aria-label': ariaLabel = 'Paginare',
  className,
}: PaginationProps) {
  const numbers = pages.filter((p): p is number => typeof p === 'number');
  const last = totalPages ?? Math.max(...numbers);
  if (numbers.length === 0 || last <= 1) return null;
  const first = 1;
  const go = (page: number) => {
    if (page !== current && page >= first && page <= last) onChange(page);
  };

  const arrow = (label: string, page: number, Icon: typeof ChevronLeft, disabled: boolean) => (
    <li>
      <button
        type="button"
        className={cn(itemBase, 'text-foreground hover:bg-accent')}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={() => go(page)}
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </li>
  );

  return (
    <nav aria-label={ariaLabel} className={cn('flex justify-center', className)} data-slot="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {showArrows && arrow('Prima pagină', first, ChevronsLeft, current <= first)}
        {showArrows && arrow('Pagina anterioară', current - 1, ChevronLeft, current <= first)}
        {pages.map((page, index) =>
          page === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} aria-hidden="true" className="inline-flex size-9 items-center justify-center text-muted-foreground">
              <Ellipsis className="size-4" />
            </li>
          ) : (
            <li key={page}>
              <button
                type="button"
                className={cn(
                  itemBase,
                  page === current
                    ? 'bg-primary text-primary-foreground shadow-xs'
                    : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                )}
                aria-label={`Pagina ${page}`}
                aria-current={page === current ? 'page' : undefined}
                onClick={() => go(page)}
              >
                {page}
              </button>
            </li>
          ),
        )}
        {showArrows && arrow('Pagina următoare', current + 1, ChevronRight, current >= last)}
        {showArrows && arrow('Ultima pagină', last, ChevronsRight, current >= last)}
      </ul>
    </nav>
  );
}

/** Renders the shared layout of lib/pagination.ts (getPaginationLayout or getCompactPager). */
export function LayoutPagination({
  layout,
  onChange,
  ...rest
}: Omit<PaginationProps, 'pages' | 'current' | 'showArrows' | 'totalPages'> & {
  layout: PaginationLayout | CompactPager;
}) {
  if (!layout.isVisible) return null;
  const isCompact = !('items' in layout);
  const pages: PaginationItem[] = isCompact
    ? layout.pages
    : layout.items.map((item) => (item.type === 'page' ? item.page : 'ellipsis'));
  return (
    <Pagination
      {...rest}
      pages={pages}
      current={layout.currentPage}
      totalPages={layout.totalPages}
      showArrows={isCompact ? true : layout.showArrows}
      onChange={onChange}
    />
  );
}
