'use client';

import * as React from 'react';
import { ArrowUp } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useScrollThreshold } from '@/components/layout/use-scroll-threshold';

const SCROLL_TO_TOP_THRESHOLD = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Round button, bottom right, shown after 300 px of scrolling. */
export function ScrollToTop({ className }: { className?: string }) {
  const visible = useScrollThreshold(SCROLL_TO_TOP_THRESHOLD);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Înapoi sus"
      title="Înapoi sus"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className={cn(
        // --action-bar-h: lifted above a bar fixed at the bottom (the company page on a phone, app/globals.css).
        'fixed right-4 bottom-[calc(1rem+var(--action-bar-h,0px))] z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors animate-fade-in hover:bg-primary-hover sm:right-6 sm:bottom-[calc(1.5rem+var(--action-bar-h,0px))]',
        className,
      )}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
