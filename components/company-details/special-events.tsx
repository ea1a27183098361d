import * as React from 'react';
import { AlertTriangle, ChevronDown, Gavel, Info, TrendingDown, TrendingUp } from 'lucide-react';
import { COMPANY_PAGE_LIMITS, GROWTH_TYPE_LABELS, statusIcon } from '@/lib/company-rules';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Statistic, StatusEntry } from '../../lib/company/types';

type SpecialEvent = {
  key: string;
  kind: 'spike-up' | 'spike-down' | 'penal' | 'insolvency' | 'generic';
  title: string;
  when: string;
  /** for ordering, newest first */
  sortKey: string;
};

const SPIKE_SUBJECT: Record<string, string> = {
  Turnover: 'a cifrei de afaceri',
  Profit: 'a profitului',
  Employees: 'a numărului de angajați',
};

/** Growth or fall spikes of employees, turnover and profit, plus the status events, newest first. */
export function buildSpecialEvents(statistics: Statistic[], statuses: StatusEntry[]): SpecialEvent[] {
  const events: SpecialEvent[] = [];
  for (const s of statistics) {
    if (s.SpikeYear == null || s.HasUpwardSpike == null) continue;
    const up = s.HasUpwardSpike;
    events.push({
      key: `spike-${s.Type}`,
      kind: up ? 'spike-up' : 'spike-down',
      title: `${up ? 'Creștere bruscă' : 'Scădere bruscă'} ${SPIKE_SUBJECT[s.Type] ?? GROWTH_TYPE_LABELS[s.Type] ?? s.Type}`,
      when: `Anul ${s.SpikeYear}`,
      sortKey: `${s.SpikeYear}-12-31`,
    });
  }
  statuses.forEach((st, i) => {
    events.push({
      key: `status-${i}-${st.Code}`,
      kind: statusIcon(st.Code),
      title: st.Name,
      when: st.Date ? formatDate(st.Date) : '-',
      sortKey: st.Date ?? '0000',
    });
  });
  return events.sort((a, b) => b.sortKey.localeCompare(a.sortKey));
}

const ICONS = {
  'spike-up': { Icon: TrendingUp, className: 'bg-success-soft text-success', label: 'Creștere' },
  'spike-down': { Icon: TrendingDown, className: 'bg-destructive-soft text-destructive', label: 'Scădere' },
  penal: { Icon: Gavel, className: 'bg-destructive-soft text-destructive', label: 'Eveniment penal' },
  insolvency: { Icon: AlertTriangle, className: 'bg-warning-soft text-warning', label: 'Insolvență' },
  generic: { Icon: Info, className: 'bg-info-soft text-info', label: 'Stare' },
} as const;

function EventItem({ e }: { e: SpecialEvent }) {
  const { Icon, className, label } = ICONS[e.kind];
  return (
    <li className="flex items-start gap-3 rounded-lg border bg-background p-3" data-testid="special-event" data-kind={e.kind}>
      <span className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full', className)}>
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium break-words text-foreground">{e.title}</span>
        <span className="text-xs text-muted-foreground">{e.when}</span>
      </span>
    </li>
  );
}

/** At most 4 events visible; the rest in a native disclosure (works without JavaScript). */
export function SpecialEvents({ events }: { events: SpecialEvent[] }) {
  const limit = COMPANY_PAGE_LIMITS.specialEventsVisible;
  const visible = events.slice(0, limit);
  const rest = events.slice(limit);
  return (
    <section aria-labelledby="special-events-title" className="flex flex-col gap-3">
      <h2 id="special-events-title" className="text-lg font-semibold">
        Evenimente speciale
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nu există evenimente speciale.</p>
      ) : (
        <>
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
            {visible.map((e) => (
              <EventItem key={e.key} e={e} />
            ))}
          </ul>
          {rest.length > 0 ? (
            <details className="group">
              <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
                <span className="group-open:hidden">Vezi toate evenimentele ({events.length})</span>
                <span className="hidden group-open:inline">Ascunde evenimentele</span>
                <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
                {rest.map((e) => (
                  <EventItem key={e.key} e={e} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
