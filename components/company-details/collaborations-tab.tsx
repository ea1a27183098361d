'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { COLLABORATION_COLUMNS, DEFAULT_SORTS, PAGE_SIZES, collaborationNodeColor } from '@/lib/company-rules';
import { formatNumber } from '@/lib/format';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import type { CollaborationNode, CollaborationRow, PagedList } from './types';
import { qs } from './fetch-json';
import { useJson } from './use-json';
import { CompactPager } from './compact-pager';
import { SearchBox } from './search-box';
import { SortHead } from './sort-head';
import { PartnerLink } from './partner-link';

export const NO_COLLABORATIONS = 'Nu există colaborări!';

const CollaborationGraph = dynamic(() => import('./collaboration-graph').then((m) => m.CollaborationGraph), {
  ssr: false,
  loading: () => <Skeleton className="h-[420px] w-full" />,
});

const LEVEL_TEXT: Record<string, string> = { orange: 'portocaliu', purple: 'mov', blue: 'albastru' };

export function CollaborationsTab({ company }: { company: { Cui: number; Name: string } }) {
  const [text, setText] = React.useState('');
  const [applied, setApplied] = React.useState('');
  const [sort, setSort] = React.useState<string>(DEFAULT_SORTS.collaborations);
  const [page, setPage] = React.useState(1);
  const { data, loading } = useJson<PagedList<CollaborationRow>>({
    url: `/api/Company/getCollaborations?${qs({ companyCui: company.Cui, pageNumber: page, pageSize: PAGE_SIZES.collaborations, searchText: applied, orderBy: sort })}`,
  });
  const network = useJson<CollaborationNode[]>({ url: `/api/Company/getTop10Collaborations?${qs({ companyCui: company.Cui, companyName: company.Name })}` });
  const nodes = network.failed ? [] : (network.data ?? null);

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-4" aria-labelledby="collaborations-title">
        <h3 id="collaborations-title" className="text-lg font-semibold">
          Colaboratori
        </h3>
        <SearchBox
          className="max-w-xl"
          value={text}
          onChange={setText}
          onSearch={() => {
            setApplied(text.trim());
            setPage(1);
          }}
          label="Caută în colaborări"
        />
        <div aria-live="polite" className="sr-only">
          {loading ? 'Se încarcă colaborările…' : `${data?.Count ?? 0} colaboratori`}
        </div>
        {data && data.Items.length === 0 && !loading ? (
          <EmptyState compact title={NO_COLLABORATIONS} />
        ) : (
          <Table containerClassName={loading ? 'opacity-60' : undefined} data-testid="collaborations-table">
            <TableHeader>
              <TableRow>
                {COLLABORATION_COLUMNS.map((c) => (
                  <SortHead key={c.field} field={c.field} label={c.label} sort={sort} onSort={(s) => { setSort(s); setPage(1); }} />
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(data?.Items ?? []).map((c) => (
                <TableRow key={c.Cui}>
                  <TableCell>
                    <PartnerLink cui={c.Cui} name={c.Name} isCompany={c.IsCompany}>
                      {c.Name}
                    </PartnerLink>
                  </TableCell>
                  <TableCell>{c.Cui}</TableCell>
                  <TableCell className="text-right">{formatNumber(c.NumberOfCollaborations, 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <CompactPager page={page} totalPages={data?.NumberOfPages ?? 0} onChange={setPage} label="Paginare colaborări" />
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
