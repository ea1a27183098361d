import { Badge } from '@/components/ui/badge';
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

export function MailStatusBadge({ status, title }: { status: MailStatus; title?: string | null }) {
  return (
    <Badge variant={VARIANT[status] ?? 'outline'} data-status={status} title={title ?? undefined}>
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
