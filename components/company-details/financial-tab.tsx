'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { ANNUAL_INDICATORS } from '@/lib/company-rules';
import { formatNumber, formatRon } from '@/lib/format';
import { EmptyState } from '@/components/ui/empty-state';
import type { GraphRow, YearDetails } from '../../lib/company/types';
import { GrowthText, formatMetric } from './growth-text';
import { ChartSkeleton } from './chart-skeleton';

const FinancialCharts = dynamic(() => import('./financial-charts').then((m) => m.FinancialCharts), {
  ssr: false,
  loading: () => <ChartSkeleton heights={[350, 170]} />,
});

/**
 * The charts (recharts, about 90 kB gzip and a few hundred ms of main thread on a phone) load
 * when their place comes near the viewport, not during the page's start-up: below the fold on a
 * phone they no longer block the first interaction.
 */
function ChartsWhenNear({ rows }: { rows: GraphRow[] }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    // Without IntersectionObserver (jsdom) the skeleton stays.
    if (!el || near || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '300px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  if (near) return <FinancialCharts rows={rows} />;
  return (
    <div ref={ref}>
      <ChartSkeleton heights={[350, 170]} />
    </div>
  );
}

const NO_FINANCIAL_DATA = 'Datele financiare nu sunt disponibile';

/** Headline on the last year's turnover, profit, employees and growth. */
export function financialHeadline(name: string, last: YearDetails): string {
  const d = last.CompanyDetails;
  const profit = (d.NetProfit.Value ?? 0) - (d.NetLoss.Value ?? 0);
  let text = `În ${last.Year}, ${name} a raportat o cifră de afaceri de ${formatRon(d.NetTurnover.Value)}, `;
  text += profit < 0 ? `o pierdere netă de ${formatRon(-profit)}` : `un profit net de ${formatRon(profit)}`;
  text += ` și ${formatNumber(d.Employees.Value ?? 0, 0)} ${d.Employees.Value === 1 ? 'angajat' : 'angajați'}.`;
  const g = d.NetTurnover.Growth;
  if (g != null && g !== 0) text += ` Cifra de afaceri a ${g > 0 ? 'crescut' : 'scăzut'} cu ${formatNumber(Math.abs(g), 2)}% față de anul anterior.`;
  return text;
}

export function FinancialTab({ name, years, graph }: { name: string; years: YearDetails[]; graph: GraphRow[] }) {
  // The default selected year is the first in the list (the latest).
  const [year, setYear] = React.useState<number | null>(years[0]?.Year ?? null);
  const selected = years.find((y) => y.Year === year) ?? years[0];
  if (!selected) return <EmptyState title={NO_FINANCIAL_DATA} />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base leading-relaxed" data-testid="financial-headline">
        {financialHeadline(name, years[0])}
      </p>
      <ChartsWhenNear rows={graph} />
      <section aria-labelledby="annual-indicators-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="annual-indicators-title" className="text-lg font-semibold">
            Indicatori anuali
          </h3>
          <div className="flex items-center gap-2">
            <label htmlFor="year-picker" className="text-sm font-medium">
              Anul
            </label>
            <select
              id="year-picker"
              value={selected.Year}
              onChange={(e) => setYear(Number(e.target.value))}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              {years.map((y) => (
                <option key={y.Year} value={y.Year}>
                  {y.Year}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="annual-indicators">
          {ANNUAL_INDICATORS.map(({ key, label }) => {
            const m = selected.CompanyDetails[key];
            return (
              <li key={key} className="flex flex-col gap-1 rounded-lg border bg-background p-3.5">
                <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
                <span className="text-lg font-semibold break-words text-foreground">{formatMetric(key, m?.Value)}</span>
                <span className="text-xs">
                  <GrowthText metric={m} /> <span className="text-muted-foreground">față de anul anterior</span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
