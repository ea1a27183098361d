import * as React from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '@/lib/utils';

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Default 'Nu există elemente!'. */
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** Icon element; default an inbox icon. Pass null for none. */
  icon?: React.ReactNode;
  /** E.g. a Button to reset filters. */
  action?: React.ReactNode;
  /** Smaller padding for use inside tables and cards. */
  compact?: boolean;
};

export function EmptyState({
  title = 'Nu există elemente!',
  description,
  icon,
  action,
  compact = false,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-subtle text-center',
        compact ? 'px-4 py-6' : 'px-6 py-12',
        className,
      )}
      {...props}
    >
      {icon === null ? null : (
        <span className="mb-1 inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
          {icon ?? <Inbox className="size-6" />}
        </span>
      )}
      <p className="text-base font-semibold text-foreground">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
