'use client';

import * as React from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import { INPUT_INFO, toReadable } from '@/lib/risk/inputs';
import type { BenchmarkMetric, BenchmarkYear } from '@/lib/risk/types';
import { CHART_COLORS } from '@/components/company-details/chart-parts';

const METRICS: BenchmarkMetric[] = ['liquidity', 'equity', 'profitability', 'net_margin', 'trend'];

/** The company's line over the class's band (first to third quartile) and median, year by year. */
export function SectorChart({ series }: { series: BenchmarkYear[] }) {
  const [metric, setMetric] = React.useState<BenchmarkMetric>('equity');
  const id = React.useId();
  const rows = series.map((s) => {
    const q = s.National[metric];
    const c = s.Company[metric];
    return {
      Year: s.Year,
      Band: q ? [toReadable(metric, q[0]), toReadable(metric, q[2])] : null,
      Median: q ? toReadable(metric, q[1]) : null,
      Company: c == null ? null : toReadable(metric, c),
    };
  });
  const pct = (v: number) => `${formatNumber(v, 0)} %`;
  return (
    <div className="flex flex-col gap-2" data-testid="sector-chart">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Indicator
        </label>
        <select id={id} value={metric} onChange={(e) => setMetric(e.target.value as BenchmarkMetric)} className="h-9 rounded-md border bg-background px-2 text-sm">
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {INPUT_INFO[m].label}
            </option>
          ))}
        </select>
      </div>
      <figure className="m-0" aria-label={`Grafic: ${INPUT_INFO[metric].label.toLowerCase()}, firma față de banda sectorului pe ani`}>
        <ResponsiveContainer width="100%" height={300}>
          <ComposedChart data={rows} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="Year" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tickFormatter={pct} width={56} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip formatter={(v) => (Array.isArray(v) ? v.map((x) => pct(Number(x))).join(' – ') : pct(Number(v)))} />
            <Legend />
            <Area dataKey="Band" name="Sector: Q1 – Q3" stroke="none" fill={CHART_COLORS.slate} fillOpacity={0.18} isAnimationActive={false} />
            <Line dataKey="Median" name="Mediana sectorului" stroke={CHART_COLORS.slate} strokeDasharray="4 3" dot={false} isAnimationActive={false} />
            <Line dataKey="Company" name="Firma" stroke={CHART_COLORS.orange} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
