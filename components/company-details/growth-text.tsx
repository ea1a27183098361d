import * as React from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { growthTrend } from '@/lib/company-rules';
import { EMPTY_VALUE, formatChangeText, formatNumber, formatRon } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { MetricValue } from '../../lib/company/types';

/** Money in RON; employee counts and scores as plain numbers. */
export function formatMetric(key: string, value: number | null | undefined): string {
  if (value == null) return EMPTY_VALUE;
  if (key === 'Employees') return formatNumber(value, 0);
  if (key === 'InsolvencyRisk') return formatNumber(value, 2);
  return formatRon(value);
}

/** '+12,5%' with a green up or red down arrow; '-' when there is no growth (the dash the product shows for a missing value). */
export function GrowthText({ metric, className }: { metric: MetricValue | null | undefined; className?: string }) {
  const growth = metric?.Growth;
  const text = formatChangeText(growth == null ? undefined : `${growth > 0 ? '+' : ''}${formatNumber(growth, 2)}%`);
  if (text === EMPTY_VALUE || growth == null) return <span className={cn('text-muted-foreground', className)}>{EMPTY_VALUE}</span>;
  if (metric?.GrowthStatus === 'equal') return <span className={cn('text-muted-foreground', className)}>{text}</span>;
  const trend = growthTrend(metric?.GrowthStatus);
  const Icon = trend.direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <span className={cn('inline-flex items-center gap-0.5 font-medium', trend.color === 'green' ? 'text-success' : 'text-destructive', className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{trend.direction === 'up' ? 'creștere' : 'scădere'}</span>
      {text}
    </span>
  );
}
