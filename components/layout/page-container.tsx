import * as React from 'react';
import { cn } from '@/lib/utils';

/** Centred page column with the shell's horizontal padding. */
export function PageContainer({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8', className)} {...props} />;
}

type PageHeaderProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Usually <Breadcrumbs items={...} />. */
  breadcrumbs?: React.ReactNode;
  /** Buttons on the right (below the title on small screens). */
  actions?: React.ReactNode;
  className?: string;
};

/** The page's single <h1>, with optional breadcrumbs above and actions beside it. */
export function PageHeader({ title, description, breadcrumbs, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-3', className)}>
      {breadcrumbs}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground sm:text-base">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
