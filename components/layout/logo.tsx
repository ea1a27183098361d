import * as React from 'react';
import Link from 'next/link';
import { cn } from '@/lib/utils';

function RadarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#3641b8" />
      <circle cx="16" cy="16" r="10" fill="none" stroke="#fff" strokeOpacity="0.45" strokeWidth="1.5" />
      <circle cx="16" cy="16" r="5.5" fill="none" stroke="#fff" strokeOpacity="0.7" strokeWidth="1.5" />
      <path d="M16 16 L16 6 A10 10 0 0 1 25.51 12.91 Z" fill="#fff" fillOpacity="0.3" />
      <line x1="16" y1="16" x2="25.51" y2="12.91" stroke="#fff" strokeWidth="1.75" strokeLinecap="round" />
      <circle cx="16" cy="16" r="1.75" fill="#fff" />
      <circle cx="20.5" cy="21" r="1.7" fill="#fb923c" />
    </svg>
  );
}

type LogoProps = {
  /** 'inverted' for dark backgrounds (footer). */
  variant?: 'default' | 'inverted';
  /** Link target; null renders the mark without a link. Default '/'. */
  href?: string | null;
  className?: string;
  onClick?: () => void;
};

/** 'RadarFirme' wordmark with the radar icon. Its accessible name is the product name. */
export function Logo({ variant = 'default', href = '/', className, onClick }: LogoProps) {
  const content = (
    <>
      <RadarIcon />
      <span className={cn('text-xl font-bold tracking-tight', variant === 'inverted' ? 'text-white' : 'text-foreground')}>
        Radar<span className={variant === 'inverted' ? 'text-indigo-300' : 'text-primary'}>Firme</span>
      </span>
    </>
  );
  const classes = cn('inline-flex shrink-0 items-center gap-2 rounded-md', className);
  if (href === null) return <span className={classes}>{content}</span>;
  return (
    <Link href={href} className={classes} onClick={onClick}>
      {content}
    </Link>
  );
}
