import * as React from 'react';
import { cn } from '@/lib/utils';

/** Decorative loading block; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200', className)}
      {...props}
    />
  );
}
