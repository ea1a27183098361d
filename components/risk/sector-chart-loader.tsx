'use client';

import dynamic from 'next/dynamic';
import { ChartSkeleton } from '@/components/company-details/chart-skeleton';

// recharts stays out of the page's first bundle: the chart is fetched when the page hydrates.
export const SectorChartLoader = dynamic(() => import('./sector-chart').then((m) => m.SectorChart), {
  ssr: false,
  loading: () => <ChartSkeleton heights={[300]} />,
});
