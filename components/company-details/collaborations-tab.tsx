'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { COLLABORATION_COLUMNS, DEFAULT_SORTS, PAGE_SIZES, collaborationNodeColor } from '@/lib/company-rules';
import { formatNumber } from '@/lib/format';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useJson } from './use-json';
import { PartnerLink } from './partner-link';
import { TabTable, TabTableSearch, useTabTableState, type TabTableTexts } from './tab-table';

const NO_COLLABORATIONS = 'Nu există colaborări!';

const CollaborationGraph = dynamic(() => import('./collaboration-graph').then((m) => m.CollaborationGraph), {
  ssr: false,
  loading: () => <Skeleton className="h-[420px] w-full" />,
});

const TABLE_TEXTS: TabTableTexts = {
  loading: 'Se încarcă colaborările…',
  count: (n) => `${n} colaboratori`,
  empty: NO_COLLABORATIONS,
  pager: 'Paginare colaborări',
};

const LEVEL_TEXT: Record<string, string> = { orange: 'portocaliu', purple: 'mov', blue: 'albastru' };

export function CollaborationsTab({ company }: { company: { Cui: number; Name: string } }) {
  const table = useTabTableState(DEFAULT_SORTS.collaborations);
  const list = useJson('GET /api/Company/getCollaborations', {
    query: { companyCui: company.Cui, pageNumber: table.page, pageSize: PAGE_SIZES.collaborations, searchText: table.applied, orderBy: table.sort },
  });
  const network = useJson('GET /api/Company/getTop10Collaborations', { query: { companyCui: company.Cui, companyName: company.Name } });
  const nodes = network.failed ? [] : (network.data ?? null);

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-4" aria-labelledby="collaborations-title">
        <h3 id="collaborations-title" className="text-lg font-semibold">
          Colaboratori
        </h3>
        <TabTableSearch state={table} label="Caută în colaborări" />
        <TabTable
          state={table}
          result={list}
          columns={COLLABORATION_COLUMNS}
          texts={TABLE_TEXTS}
          testId="collaborations-table"
          renderRow={(c) => (
            <TableRow key={c.Cui}>
              <TableCell>
                <PartnerLink cui={c.Cui} name={c.Name} isCompany={c.IsCompany}>
                  {c.Name}
                </PartnerLink>
              </TableCell>
              <TableCell>{c.Cui}</TableCell>
              <TableCell className="text-right">{formatNumber(c.NumberOfCollaborations, 0)}</TableCell>
            </TableRow>
          )}
        />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="network-title">
        <h3 id="network-title" className="text-lg font-semibold">
          Rețeaua principalelor colaborări
        </h3>
        {nodes === null ? (
          <Skeleton className="h-[420px] w-full" />
        ) : nodes.length === 0 ? (
          <EmptyState compact title={NO_COLLABORATIONS} />
        ) : (
          <>
            <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-label="Legendă">
              <li className="inline-flex items-center gap-1.5"><span className="size-3 rounded-full bg-[#3641b8]" aria-hidden="true" /> {company.Name}</li>
              <li className="inline-flex items-center gap-1.5"><span className="size-3 rounded-full bg-[#ea580c]" aria-hidden="true" /> Nivel 1</li>
              <li className="inline-flex items-center gap-1.5"><span className="size-3 rounded-full bg-[#7c3aed]" aria-hidden="true" /> Nivel 2</li>
              <li className="inline-flex items-center gap-1.5"><span className="size-3 rounded-full bg-[#2563eb]" aria-hidden="true" /> Nivel 3+</li>
            </ul>
            <CollaborationGraph root={company} nodes={nodes} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary">Rețeaua ca listă</summary>
              <ul className="mt-2 flex flex-col gap-1" data-testid="network-list">
                {nodes.map((n) => (
                  <li key={`${n.CompanySourceCui}-${n.CompanyTargetCui}`}>
                    Nivel {n.Level} ({LEVEL_TEXT[collaborationNodeColor(n.Level)]}): {n.CompanyTargetName} (CUI {n.CompanyTargetCui}) – {formatNumber(n.NumberOfCollaborations, 0)} colaborări cu CUI {n.CompanySourceCui}
                  </li>
                ))}
              </ul>
            </details>
          </>
        )}
      </section>
    </div>
  );
}
