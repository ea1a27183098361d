import * as React from 'react';
import { cn } from '@/lib/utils';
import { Spinner } from '@/components/ui/spinner';

export type FullPageLoaderProps = {
  /** Whether the overlay is shown (e.g. while any request is in flight). Default true. */
  show?: boolean;
  /** Default 'Se încarcă…'. */
  label?: string;
  className?: string;
};

/** Blocking overlay with a spinner, above everything but toasts. */
export function FullPageLoader({ show = true, label = 'Se încarcă…', className }: FullPageLoaderProps) {
  if (!show) return null;
  return (
    <div
      data-slot="full-page-loader"
      role="status"
      aria-live="polite"
      className={cn(
        'fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-background/75 backdrop-blur-[2px] animate-fade-in',
        className,
      )}
    >
      <Spinner size="lg" label={null} />
      <span className="text-sm font-medium text-foreground">{label}</span>
    </div>
  );
}
