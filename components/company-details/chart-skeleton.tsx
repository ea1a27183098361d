import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** Same heights as the charts, so nothing moves when they arrive. */
export function ChartSkeleton({ heights }: { heights: number[] }) {
  return (
    <div className="flex flex-col gap-4" role="status">
      <span className="sr-only">Se încarcă graficele…</span>
      {heights.map((h, i) => (
        <Skeleton key={i} className="w-full" style={{ height: h }} />
      ))}
    </div>
  );
}
