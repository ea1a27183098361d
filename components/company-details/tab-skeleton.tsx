import * as React from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function TabSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status">
      <span className="sr-only">Se încarcă…</span>
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-10 w-64" />
    </div>
  );
}
