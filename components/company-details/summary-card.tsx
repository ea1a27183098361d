import * as React from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { ageLabel, businessSizeByTurnover, collectiveSize, growthLabel } from '@/lib/company-rules';
import { EMPTY_VALUE, formatNumber, formatRon } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { CompanyDetails, Statistic } from '../../lib/company/types';

const SIZE_TEXT: Record<string, string> = { micro: 'Micro', mică: 'Mică', mijlocie: 'Mijlocie', mare: 'Mare' };

function Row({ label, value, hint }: { label: string; value: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b py-2.5 last:border-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-semibold text-foreground">
        {value}
        {hint ? <span className="ml-1.5 font-normal text-muted-foreground">{hint}</span> : null}
      </dd>
    </div>
  );
}

/** Turnover size, employees, years of activity and the growth indicators. */
export function SummaryCard({ details, statistics }: { details: CompanyDetails; statistics: Statistic[] }) {
  const size = businessSizeByTurnover(details.LastYear == null ? null : details.NetTurnover);
  const collective = collectiveSize(details.LastYear == null ? null : details.AverageNumberOfEmployees);
  const years = details.ActivityYears;
  return (
    <section aria-labelledby="summary-title" className="rounded-lg border bg-background p-4 shadow-sm">
      <h2 id="summary-title" className="text-base font-semibold">
        Pe scurt
      </h2>
      <dl className="mt-1">
        <Row
          label="Mărimea afacerii"
          value={size ? SIZE_TEXT[size] : EMPTY_VALUE}
          hint={details.LastYear != null ? `cifra de afaceri ${formatRon(details.NetTurnover)} (${details.LastYear})` : undefined}
        />
        <Row
          label="Număr de angajați"
          value={details.LastYear != null ? formatNumber(details.AverageNumberOfEmployees) : EMPTY_VALUE}
          hint={collective ? `colectiv ${collective}` : undefined}
        />
        <Row
          label="Ani de activitate"
          value={years == null ? EMPTY_VALUE : `${years} ${years === 1 ? 'an' : 'ani'}`}
          hint={ageLabel(years) !== EMPTY_VALUE ? ageLabel(years) : undefined}
        />
      </dl>
      {statistics.some((s) => s.HasGrowth != null) ? (
        <ul className="mt-2 flex flex-col gap-1.5" aria-label="Evoluție față de anul anterior">
          {statistics
            .filter((s) => s.HasGrowth != null)
            .map((s) => {
              const g = growthLabel(s.HasGrowth, s.Type);
              const Icon = g.direction === 'up' ? ArrowUp : ArrowDown;
              return (
                <li key={s.Type} className={cn('flex items-center gap-1.5 text-sm', g.direction === 'up' ? 'text-success' : 'text-destructive')}>
                  <Icon className="size-4" aria-hidden="true" />
                  {g.text}
                </li>
              );
            })}
        </ul>
      ) : null}
    </section>
  );
}
