// Presentational pieces shared by the landing sections (server and client).
import * as React from 'react';
import Link from 'next/link';
import { ArrowRight } from 'lucide-react';
import { pluralRo } from '@/lib/search-count';
import { cn } from '@/lib/utils';

export function SectionHeading({ id, title, text }: { id: string; title: string; text?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
        {title}
      </h2>
      {text ? <p className="max-w-2xl text-muted-foreground">{text}</p> : null}
    </div>
  );
}

export function FilterCard({
  href,
  title,
  subtitle,
  count,
  icon,
  className,
}: {
  href: string;
  title: string;
  subtitle?: string;
  count: number;
  icon: React.ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={cn(
        'group flex h-full flex-col gap-2 rounded-xl border bg-background p-4 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md sm:gap-3 sm:p-5',
        className,
      )}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary sm:size-11">{icon}</span>
        <ArrowRight className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary" aria-hidden="true" />
      </span>
      <span className="flex flex-col gap-1">
        <span className="text-base leading-snug font-semibold break-words text-foreground sm:text-lg">{title}</span>
        {subtitle ? <span className="line-clamp-2 text-sm text-muted-foreground">{subtitle}</span> : null}
      </span>
      <span className="mt-auto text-sm font-medium text-primary-strong">{pluralRo(count, 'firmă', 'firme')}</span>
    </Link>
  );
}

