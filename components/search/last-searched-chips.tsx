'use client';

import * as React from 'react';
import { History } from 'lucide-react';
import { companyPath } from '@/lib/slug';
import { cutText, TEXT_CUTS } from '@/lib/text';
import { cn } from '@/lib/utils';
import { useLastSearched } from './last-searched';

/** The last searched companies as chips (text cut at 40 characters) opening the company page in a new tab. */
export function LastSearchedChips({ className, tone = 'default' }: { className?: string; tone?: 'default' | 'hero' }) {
  const list = useLastSearched();
  if (list.length === 0) return null;
  return (
    <nav aria-label="Firme căutate recent" className={cn('flex flex-wrap items-center gap-2', className)}>
      <span className={cn('inline-flex items-center gap-1.5 text-sm', tone === 'hero' ? 'text-foreground' : 'text-muted-foreground')}>
        <History className="size-4" aria-hidden="true" />
        Căutate recent:
      </span>
      <ul className="flex flex-wrap gap-2">
        {list.map((c) => (
          <li key={String(c.Cui)}>
            <a
              href={companyPath(c.Cui, c.Name)}
              target="_blank"
              rel="noopener"
              title={c.Name}
              className="inline-flex min-h-8 items-center rounded-full border border-primary/25 bg-background px-3 py-1 text-sm font-medium text-primary-strong transition-colors hover:border-primary hover:bg-primary-soft"
            >
              {cutText(c.Name, TEXT_CUTS.chip)}
              <span className="sr-only"> (se deschide într-o filă nouă)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
