'use client';

import * as React from 'react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';
import { Skeleton } from '@/components/ui/skeleton';

const PLACEHOLDER_CARD_WIDTH = 340;

function subscribe(callback: () => void) {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

/**
 * Number of placeholder cards: window width / 340, at least 1.
 * The server and the hydration pass use `fallback`, then the real width applies.
 */
function usePlaceholderCount(cardWidth: number = PLACEHOLDER_CARD_WIDTH, fallback = 3): number {
  return useSyncExternalStore(
    subscribe,
    () => Math.max(1, Math.floor(window.innerWidth / cardWidth)),
    () => fallback,
  );
}

type PlaceholderCardsProps = {
  /** Fixed number of cards; default computed from the window width. */
  count?: number;
  /** Width used for the computation. Default 340. */
  cardWidth?: number;
  /** Count used on the server and before hydration. Default 3. */
  defaultCount?: number;
  /** Custom card skeleton; default a company-card skeleton. */
  renderCard?: (index: number) => React.ReactNode;
  /** Grid classes; default 1 / 2 / 3 columns. */
  className?: string;
  /** Announced to screen readers. Default 'Se încarcă rezultatele…'. */
  label?: string;
};

function CompanyCardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-lg border bg-background p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <Skeleton className="size-8 rounded-md" />
      </div>
      <Skeleton className="h-4 w-5/6" />
      <div className="grid grid-cols-3 gap-3">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/** Skeleton cards shown instead of a list while it loads. */
export function PlaceholderCards({
  count,
  cardWidth = PLACEHOLDER_CARD_WIDTH,
  defaultCount = 3,
  renderCard,
  className,
  label = 'Se încarcă rezultatele…',
}: PlaceholderCardsProps) {
  const computed = usePlaceholderCount(cardWidth, defaultCount);
  const total = Math.max(1, count ?? computed);
  return (
    <div role="status" data-slot="placeholder-cards" className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: total }, (_, index) => (
        <React.Fragment key={index}>{renderCard ? renderCard(index) : <CompanyCardSkeleton />}</React.Fragment>
      ))}
    </div>
  );
}
