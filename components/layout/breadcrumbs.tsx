'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { isSamePath } from '@/components/layout/nav-config';

type BreadcrumbItem = { text: string; path: string };

type BreadcrumbsProps = {
  items: BreadcrumbItem[];
  /** Defaults to the current pathname. */
  currentPath?: string;
  className?: string;
};

/** Trail of links; the entry equal to the current path is shown active with aria-current="page". */
export function Breadcrumbs({ items, currentPath, className }: BreadcrumbsProps) {
  const pathname = usePathname();
  const current = currentPath ?? pathname ?? '';
  if (items.length === 0) return null;
  return (
    <nav aria-label="Cale de navigare" className={cn('min-w-0', className)} data-slot="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted-foreground">
        {items.map((item, index) => {
          const active = isSamePath(item.path, current);
          return (
            <li key={`${item.path}-${index}`} className="inline-flex min-w-0 items-center gap-1.5">
              {index > 0 ? <ChevronRight className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" /> : null}
              {active ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {item.text}
                </span>
              ) : (
                <Link
                  href={item.path}
                  className="truncate rounded-sm underline-offset-4 transition-colors hover:text-primary hover:underline"
                >
                  {item.text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
