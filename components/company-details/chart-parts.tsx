'use client';

import * as React from 'react';
import { formatMonthYear } from '@/lib/format';
import { formatMetric } from './growth-text';
import { zoomSeries } from '@/lib/company-rules';
import { cn } from '@/lib/utils';

export const CHART_COLORS = { orange: '#ea580c', green: '#16a34a', purple: '#7c3aed', blue: '#2563eb', indigo: '#3641b8', slate: '#475569' };
export const COMPARISON_COLORS = ['#ea580c', '#16a34a', '#3641b8', '#7c3aed', '#0891b2'];

/** Financial years close on 31 December: the tooltip names the month and the year. */
function yearTooltipLabel(year: number | string): string {
  return formatMonthYear(`${year}-12-31`);
}

/** The tooltip writes a value as the metric's table cell does; the employee series is keyed 'Angajați' in one chart. */
function formatTooltipValue(key: string, value: number | null | undefined): string {
  return formatMetric(key === 'Angajați' ? 'Employees' : key, value);
}

type TooltipEntry = { name?: string | number; value?: number | string | null; color?: string; dataKey?: string | number };

/** Tooltip content: 'decembrie 2023' and one line per series. */
export function ChartTooltip({ active, payload, label, valueKey }: { active?: boolean; payload?: TooltipEntry[]; label?: string | number; valueKey?: (e: TooltipEntry) => string }) {
  if (!active || !payload?.length || label == null) return null;
  return (
    <div className="rounded-md border bg-background px-3 py-2 text-xs shadow-md">
      <p className="mb-1 font-semibold capitalize">{yearTooltipLabel(label)}</p>
      {payload.map((p) => (
        <p key={String(p.dataKey)} className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-full" style={{ background: p.color }} aria-hidden="true" />
          <span>{p.name}:</span>
          <span className="font-medium">{formatTooltipValue(valueKey ? valueKey(p) : String(p.dataKey), p.value == null ? null : Number(p.value))}</span>
        </p>
      ))}
    </div>
  );
}

/** The last-6 / all years toggle, shown only above 8 years. */
export function useZoom<T>(rows: readonly T[]) {
  const [showAll, setShowAll] = React.useState(false);
  const { canToggle, items } = zoomSeries(rows, showAll);
  const toggle = canToggle ? (
    <div className="inline-flex rounded-md border p-0.5 text-xs" role="group" aria-label="Interval afișat">
      {[
        { all: false, label: 'Ultimii 6 ani' },
        { all: true, label: 'Toți anii' },
      ].map((o) => (
        <button
          key={o.label}
          type="button"
          aria-pressed={showAll === o.all}
          onClick={() => setShowAll(o.all)}
          className={cn('rounded px-2.5 py-1 font-medium', showAll === o.all ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted')}
        >
          {o.label}
        </button>
      ))}
    </div>
  ) : null;
  return { items, toggle };
}
