import * as React from 'react';
import { cn } from '@/lib/utils';

/** A labelled native select (keyboard and screen readers for free) in the kit's input look. */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.ComponentProps<'select'>>(function NativeSelect({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn('h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
      {...props}
    />
  );
});
