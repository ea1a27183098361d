'use client';

import * as React from 'react';
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { GraphRow } from '../../lib/company/types';
import { CHART_COLORS, ChartTooltip, useZoom } from './chart-parts';
import { formatCompact } from '@/lib/format';

/** Turnover and profit as an area chart (orange, green; 350 px) and employees as a line (170 px). */
export function FinancialCharts({ rows }: { rows: GraphRow[] }) {
  const { items, toggle } = useZoom(rows);
  return (
    <div className="flex flex-col gap-4" data-testid="financial-charts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">Cifra de afaceri și profitul</h3>
        {toggle}
      </div>
      <figure className="m-0" aria-label="Grafic: cifra de afaceri și profitul pe ani">
        <ResponsiveContainer width="100%" height={350}>
          <AreaChart data={items} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
            <defs>
              <linearGradient id="fill-turnover" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={CHART_COLORS.orange} stopOpacity={0.35} />
                <stop offset="95%" stopColor={CHART_COLORS.orange} stopOpacity={0.02} />
              </linearGradient>
              <linearGradient id="fill-profit" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={CHART_COLORS.green} stopOpacity={0.35} />
                <stop offset="95%" stopColor={CHART_COLORS.green} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="Year" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tickFormatter={formatCompact} width={64} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip content={<ChartTooltip />} />
            <Legend />
            <Area type="monotone" dataKey="Turnover" name="Cifra de afaceri" stroke={CHART_COLORS.orange} fill="url(#fill-turnover)" strokeWidth={2} isAnimationActive={false} />
            <Area type="monotone" dataKey="Profit" name="Profit net" stroke={CHART_COLORS.green} fill="url(#fill-profit)" strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
      <h3 className="text-lg font-semibold">Numărul de angajați</h3>
      <figure className="m-0" aria-label="Grafic: numărul de angajați pe ani">
        <ResponsiveContainer width="100%" height={170}>
          <LineChart data={items} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="Year" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis tickFormatter={formatCompact} width={64} allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip content={<ChartTooltip />} />
            <Line type="monotone" dataKey="Employees" name="Angajați" stroke={CHART_COLORS.indigo} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
