import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { STATUS_LABELS, type MailStatus } from '@/lib/sending/types';

// Trimis grey, Deschis blue, Interactionat green; the states before and outside delivery get
// their own colours so a failed or unsubscribed address is never read as sent.
const VARIANT: Record<MailStatus, 'neutral' | 'info' | 'success' | 'warning' | 'destructive' | 'outline'> = {
  Queued: 'outline',
  Sending: 'outline',
  Trimis: 'neutral',
  Deschis: 'info',
  Interactionat: 'success',
  Esuat: 'destructive',
  Suprimat: 'warning',
};

/** The status, and when the message reached it (`on`, from its status event) when known. */
export function MailStatusBadge({ status, title, on }: { status: MailStatus; title?: string | null; on?: string | null }) {
  const badge = (
    <Badge variant={VARIANT[status] ?? 'outline'} data-status={status} title={title ?? undefined}>
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
  if (!on) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {badge}
      <time dateTime={on} className="text-xs text-muted-foreground tabular-nums" data-testid="status-on">
        {formatDateTime(on)}
      </time>
    </span>
  );
}
