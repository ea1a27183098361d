import * as React from 'react';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { formatDate } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import type { CompanyPageData } from '../../lib/company/types';
import { CompanyHeader } from './company-header';
import { SpecialEvents, buildSpecialEvents } from './special-events';
import { InsolvencyGauge } from './insolvency-gauge';
import { ClaimCard } from './claim-card';
import { SummaryCard } from './summary-card';
import { InvoicingData } from './invoicing-data';
import { CompanyTabs } from './company-tabs';
import { RememberCompany } from './remember-company';
import { CompanyActionsHost } from './company-actions-host';
import { SourceNote } from './source-note';
import { RiskCard } from '../risk/risk-card';
import { SectorBenchmarks } from '../risk/sector-benchmarks';
// The printable A4 report (issue 27).
import './company-print.css';

/** The company details page, rendered on the server with the client islands inside. */
/** `history`: the change history block (monitoring), rendered by the route with its own read. */
/** `fiscal`: the "Verificare fiscală" block (issue 48), rendered by the route from the stored check. */
export function CompanyPage({ data, history, fiscal }: { data: CompanyPageData; history?: React.ReactNode; fiscal?: React.ReactNode }) {
  const { details, statistics } = data;
  const path = companyPath(details.Cui, details.Name);
  return (
    <CompanyActionsHost>
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Breadcrumbs
        currentPath={path}
        items={[
          { text: 'Acasă', path: '/' },
          { text: 'Căutare avansată', path: '/Cautare-avansata' },
          { text: details.Name, path },
        ]}
      />
      <RememberCompany cui={details.Cui} name={details.Name} />
      <CompanyHeader details={details} />
      <SourceNote sources={data.sources} kind="onrc" />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <SummaryCard details={details} statistics={statistics} />
        <InsolvencyGauge score={details.InsolvencyRisk} />
        <ClaimCard cui={details.Cui} name={details.Name} isClaimed={details.IsClaimed} />
      </div>
      {data.risk ? (
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <RiskCard risk={data.risk} cui={details.Cui} isActive={details.IsActive} />
          <SectorBenchmarks risk={data.risk} />
        </div>
      ) : null}
      <SpecialEvents events={buildSpecialEvents(statistics, details.Statuses)} />
      {fiscal}
      {history}
      <p className="text-xs text-muted-foreground" data-testid="last-updated">
        Ultima actualizare: {details.LastUpdate ? formatDate(details.LastUpdate) : '-'}
        {details.LastYear ? ` · date financiare până în ${details.LastYear}` : ''}
      </p>
      <CompanyTabs details={details} years={data.years} graph={data.graph} similar={data.similar} sources={data.sources} />
      <InvoicingData details={details} />
    </div>
    </CompanyActionsHost>
  );
}
