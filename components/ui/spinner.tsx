import * as React from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  size?: keyof typeof sizes;
  /** Announced to screen readers. Default 'Se încarcă'. Pass null when a parent already announces. */
  label?: string | null;
};

export function Spinner({ size = 'md', label = 'Se încarcă', className, ...props }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      className={cn('inline-flex items-center justify-center text-primary', className)}
      {...props}
    >
      <LoaderCircle data-slot="spinner" aria-hidden="true" className={cn('animate-spin', sizes[size])} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
