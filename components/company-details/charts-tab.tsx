'use client';

import * as React from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  METRIC_KEYS,
  canToggleComparisonMetric,
  comparisonCounter,
  defaultComparisonMetric,
  metricLabel,
  toggleComparisonMetric,
  type MetricKey,
} from '@/lib/company-rules';
import { companyPath } from '@/lib/slug';
import { TEXT_CUTS, cutText } from '@/lib/text';
import { cn } from '@/lib/utils';
import { EmptyState } from '@/components/ui/empty-state';
import type { CompanyDetails, RankingItem, RankingLocation, YearDetails } from '../../lib/company/types';
import { CHART_COLORS, COMPARISON_COLORS, ChartTooltip, useZoom } from './chart-parts';
import { formatCompact } from '@/lib/format';
import { GrowthText, formatMetric } from './growth-text';
import { useJson } from './use-json';

const NO_CHART_DATA = 'Momentan nu sunt date disponibile';

function hasData(years: YearDetails[], key: MetricKey) {
  return years.some((y) => {
    const v = y.CompanyDetails[key]?.Value;
    return v != null && v !== 0;
  });
}

export function ChartsTab({ details, years }: { details: CompanyDetails; years: YearDetails[] }) {
  const metrics = React.useMemo(() => METRIC_KEYS.map((key) => ({ key, hasData: hasData(years, key) })), [years]);
  const first = defaultComparisonMetric(metrics) as MetricKey | null;
  const [selected, setSelected] = React.useState<MetricKey | null>(first);
  const [compared, setCompared] = React.useState<string[]>(first ? [first] : []);
  if (years.length === 0 || !selected) return <EmptyState title={NO_CHART_DATA} />;
  const last = years[0];
  const chronological = [...years].reverse();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="metric-cards-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="metric-cards-title" className="text-lg font-semibold">
            Indicatori ({last.Year})
          </h3>
          <p className="text-sm text-muted-foreground">
            Comparație: <span className="font-semibold text-foreground" data-testid="comparison-counter">{comparisonCounter(compared)}</span>
          </p>
        </div>
        <ul className="grid grid-cols-1 gap-2.5 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4" data-testid="metric-cards">
          {metrics.map(({ key }) => {
            const m = last.CompanyDetails[key];
            const isSelected = key === selected;
            const isCompared = compared.includes(key);
            const canToggle = canToggleComparisonMetric(compared, key);
            return (
              <li key={key} className={cn('flex flex-col gap-1.5 rounded-lg border bg-background p-3', isSelected && 'border-primary ring-1 ring-primary')}>
                <button type="button" className="flex flex-col items-start gap-1 text-left" aria-pressed={isSelected} onClick={() => setSelected(key)}>
                  <span className="text-xs font-medium text-muted-foreground">{metricLabel(key)}</span>
                  <span className="text-base font-semibold break-all">{formatMetric(key, m?.Value)}</span>
                </button>
                <div className="flex items-center justify-between gap-2 text-xs">
                  <GrowthText metric={m} />
                  <label className={cn('inline-flex items-center gap-1.5', !canToggle && 'opacity-60')}>
                    <input
                      type="checkbox"
                      className="size-4 accent-[#3641b8]"
                      checked={isCompared}
                      disabled={!canToggle}
                      onChange={() => setCompared((c) => toggleComparisonMetric(c, key))}
                    />
                    Compară
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <MetricChart metric={selected} years={chronological} />
      <RankingSection details={details} metric={selected} />
      <ComparisonChart metrics={compared as MetricKey[]} years={chronological} />
    </div>
  );
}

function MetricChart({ metric, years }: { metric: MetricKey; years: YearDetails[] }) {
  const rows = years.map((y) => ({ Year: y.Year, Value: y.CompanyDetails[metric]?.Value ?? null }));
  const { items, toggle } = useZoom(rows);
  return (
    <section aria-labelledby="metric-chart-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="metric-chart-title" className="text-lg font-semibold">
          {metricLabel(metric)}
        </h3>
        {toggle}
      </div>
      <figure className="m-0" aria-label={`Grafic: ${metricLabel(metric)} pe ani`}>
        <ResponsiveContainer width="100%" height={350}>
          <AreaChart data={items} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
            <defs>
              <linearGradient id="fill-metric" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={CHART_COLORS.orange} stopOpacity={0.35} />
                <stop offset="95%" stopColor={CHART_COLORS.orange} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="Year" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tickFormatter={formatCompact} width={64} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip content={<ChartTooltip valueKey={() => metric} />} />
            <Area type="monotone" dataKey="Value" name={metricLabel(metric)} stroke={CHART_COLORS.orange} fill="url(#fill-metric)" strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

const LOCATIONS: ReadonlyArray<{ value: RankingLocation; label: (d: CompanyDetails) => string | null }> = [
  { value: 'All', label: () => 'România' },
  { value: 'County', label: (d) => (d.County ? `Județul ${d.County}` : null) },
  { value: 'Prefecture', label: (d) => d.Prefecture },
];

function RankingList({ title, items, metric }: { title: string; items: RankingItem[]; metric: MetricKey }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_CHART_DATA}</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border">
          {items.map((r) => (
            <li key={r.Cui} className={cn('flex items-center gap-3 px-3 py-2 text-sm', r.IsCurrent && 'bg-primary-soft')}>
              <span className="w-10 shrink-0 text-right font-semibold text-muted-foreground">{r.Position ?? '-'}.</span>
              <span className="min-w-0 flex-1">
                {r.IsCurrent ? (
                  <span className="font-semibold">{r.Name}</span>
                ) : (
                  <a href={companyPath(r.Cui, r.Name)} target="_blank" rel="noopener" className="hover:text-primary hover:underline">
                    {r.Name}
                  </a>
                )}
              </span>
              <span className="shrink-0 font-medium">{formatMetric(metric, r.Value)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function RankingSection({ details, metric }: { details: CompanyDetails; metric: MetricKey }) {
  const [location, setLocation] = React.useState<RankingLocation>('All');
  const key = metric === 'InsolvencyRisk' ? 'GET /api/Company/getInsolvencyRanking' : 'GET /api/Company/getCompanyRanking';
  const { data: ranking, loading } = useJson(key, { query: { cui: details.Cui, orderBy: metric, location } });
  // Values are employees, scores or lei (profit or turnover, the ranking of the other metrics).
  const valueMetric: MetricKey = metric === 'Employees' || metric === 'InsolvencyRisk' ? metric : 'NetTurnover';
  return (
    <section aria-labelledby="ranking-title" className="flex flex-col gap-3" data-testid="ranking">
      <h3 id="ranking-title" className="text-lg font-semibold">
        Top companii
        {details.CaenCode ? (
          <span className="font-normal text-muted-foreground">
            {' '}
            · CAEN {details.CaenCode} {cutText(details.CaenDescription, TEXT_CUTS.rankingHeaderCaen)}
          </span>
        ) : null}
      </h3>
      <div role="group" aria-label="Locația clasamentului" className="flex flex-wrap gap-1.5">
        {LOCATIONS.map((l) => {
          const label = l.label(details);
          if (!label) return null;
          return (
            <button
              key={l.value}
              type="button"
              aria-pressed={location === l.value}
              onClick={() => setLocation(l.value)}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium',
                location === l.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:border-primary',
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      <div className={cn('grid gap-4 md:grid-cols-2', loading && 'opacity-60')} aria-busy={loading}>
        <RankingList title="Primele companii" items={ranking?.TopCompanies ?? []} metric={valueMetric} />
        <RankingList title="Poziția companiei" items={ranking?.CompetitorCompanies ?? []} metric={valueMetric} />
      </div>
    </section>
  );
}

function ComparisonChart({ metrics, years }: { metrics: MetricKey[]; years: YearDetails[] }) {
  const rows = years.map((y) => {
    const row: Record<string, number | null> = { Year: y.Year };
    for (const m of metrics) row[m] = y.CompanyDetails[m]?.Value ?? null;
    return row;
  });
  const { items, toggle } = useZoom(rows);
  return (
    <section aria-labelledby="comparison-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="comparison-title" className="text-lg font-semibold">
          Compară datele financiare
        </h3>
        {toggle}
      </div>
      <figure className="m-0" aria-label={`Grafic comparativ: ${metrics.map(metricLabel).join(', ')}`}>
        <ResponsiveContainer width="100%" height={350}>
          <BarChart data={items} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="Year" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tickFormatter={formatCompact} width={64} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip content={<ChartTooltip valueKey={(e) => String(e.dataKey)} />} />
            <Legend />
            {metrics.map((m, i) => (
              <Bar key={m} dataKey={m} name={metricLabel(m)} fill={COMPARISON_COLORS[i % COMPARISON_COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}
