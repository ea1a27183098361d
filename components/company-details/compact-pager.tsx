'use client';

import * as React from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { getCompactPager } from '@/lib/pagination';
import { cn } from '@/lib/utils';

const base =
  'inline-flex size-10 items-center justify-center rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-40 sm:size-9';

/** The 3-button pager of the tab tables: hidden with one page; first, previous, next, last. */
export function CompactPager({ page, totalPages, onChange, label }: { page: number; totalPages: number; onChange: (p: number) => void; label: string }) {
  const p = getCompactPager(page, totalPages);
  if (!p.isVisible) return null;
  const arrow = (text: string, target: { page: number; disabled: boolean }, Icon: typeof ChevronLeft) => (
    <li>
      <button type="button" className={cn(base, 'hover:bg-accent')} aria-label={text} title={text} disabled={target.disabled} onClick={() => onChange(target.page)}>
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
  return (
    <nav aria-label={label} className="flex justify-center" data-testid="compact-pager">
      <ul className="flex items-center gap-1">
        {arrow('Prima pagină', p.first, ChevronsLeft)}
        {arrow('Pagina anterioară', p.prev, ChevronLeft)}
        {p.pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={cn(base, n === p.currentPage ? 'bg-primary text-primary-foreground' : 'hover:bg-accent')}
              aria-label={`Pagina ${n}`}
              aria-current={n === p.currentPage ? 'page' : undefined}
              onClick={() => n !== p.currentPage && onChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        {arrow('Pagina următoare', p.next, ChevronRight)}
        {arrow('Ultima pagină', p.last, ChevronsRight)}
      </ul>
    </nav>
  );
}
