'use client';

// "Companii urmărite": the companies the user follows (searchable, sortable, 20 a page, unfollow)
// and the groups they follow.
import * as React from 'react';
import Link from 'next/link';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { BellOff } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/groups/client';
import { getPaginationLayout } from '@/lib/pagination';
import { companyPath } from '@/lib/slug';
import { watchApi } from '@/lib/watch/client';
import { WATCH_DEFAULT_ORDER } from '@/lib/watch/schemas';
import type { WatchedCompany, WatchedGroup } from '@/lib/watch/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { LayoutPagination } from '@/components/ui/pagination';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { SortablePagedList } from '@/components/ui/sortable-paged-list';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

const SORTABLE: Record<string, string> = { Name: 'Denumire', Cui: 'CUI', County: 'Județ', FollowedAt: 'Urmărită din' };

export function WatchedCompanies() {
  const list = usePagedList(watchApi.getWatchedCompanies, {
    defaultOrder: WATCH_DEFAULT_ORDER,
    onError: (e) => showErrorToast(serverMessage(e) ?? undefined),
  });
  const { data, page, reload } = list;

  const unwatch = React.useCallback(
    async (c: WatchedCompany) => {
      try {
        const r = await watchApi.unwatchCompany(c.Cui);
        showSuccessToast(r.Message);
        reload();
      } catch (e) {
        showErrorToast(serverMessage(e) ?? undefined);
      }
    },
    [reload],
  );

  const columns = React.useMemo<ColumnDef<WatchedCompany>[]>(
    () => [
      {
        id: 'Name',
        header: SORTABLE.Name,
        cell: ({ row }) => (
          <Link href={companyPath(row.original.Cui, row.original.Name)} className="font-medium text-primary underline-offset-4 hover:underline">
            {row.original.Name}
          </Link>
        ),
        meta: { card: 'title' },
      },
      { id: 'Cui', header: SORTABLE.Cui, cell: ({ row }) => <span className="tabular-nums">{row.original.Cui}</span>, meta: { card: 'subtitle' } },
      { id: 'County', header: SORTABLE.County, cell: ({ row }) => row.original.County ?? '-' },
      {
        id: 'Status',
        header: 'Stare',
        cell: ({ row }) => (row.original.Status ? <Badge variant={row.original.IsActive ? 'success' : 'neutral'}>{row.original.Status}</Badge> : '-'),
      },
      { id: 'FollowedAt', header: SORTABLE.FollowedAt, cell: ({ row }) => formatDate(row.original.FollowedAt) },
      actionsColumn<WatchedCompany>({
        actions: (c) => [{ id: 'unwatch', label: 'Nu mai urmări', ariaLabel: `Nu mai urmări ${c.Name}`, icon: BellOff, withText: true, buttonVariant: 'ghost', onSelect: () => void unwatch(c) }],
      }),
    ],
    [unwatch],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (c) => String(c.Cui) });

  return (
    <div className="flex flex-col gap-5">
      <ListSearchForm id="watched-search" label="Căutare în firmele urmărite" placeholder="Denumire sau CUI" list={list} />
      <ResultCount count={data?.Count ?? null} />
      <SortablePagedList
        table={table}
        list={list}
        sortable={SORTABLE}
        label="Firme urmărite"
        rowName={(c) => c.Name}
        loading={data === null}
        cardTestId="watched-card"
        rowTestId="watched-row"
        skeleton={{ rows: 5 }}
        empty={null}
      />
      {data && data.Items.length === 0 ? <EmptyState title="Nu urmăriți încă nicio firmă." compact /> : null}
      <LayoutPagination layout={getPaginationLayout(page, data?.NumberOfPages ?? 0)} onChange={list.setPage} />
      <WatchedGroups />
    </div>
  );
}

function WatchedGroups() {
  const [groups, setGroups] = React.useState<WatchedGroup[] | null>(null);
  const load = React.useCallback(() => {
    watchApi
      .getWatchedGroups()
      .then((r) => setGroups(r.Items))
      .catch(() => setGroups([]));
  }, []);
  React.useEffect(load, [load]);
  const unwatch = async (g: WatchedGroup) => {
    try {
      showSuccessToast((await watchApi.unwatchGroup(g.GroupId)).Message);
      load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };
  return (
    <section aria-labelledby="watched-groups-title" className="flex flex-col gap-2">
      <h2 id="watched-groups-title" className="text-lg font-semibold">
        Grupuri urmărite
      </h2>
      <p className="text-sm text-muted-foreground">Un grup urmărit aduce notificări pentru firmele lui, cât timp sunteți membru.</p>
      {groups === null ? null : groups.length === 0 ? (
        <p className="text-sm">Nu urmăriți niciun grup. Îl puteți urmări din pagina grupului.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {groups.map((g) => (
            <li key={g.GroupId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2" data-testid="watched-group">
              <span>
                <span className="font-medium">{g.Name}</span> <span className="text-sm text-muted-foreground">({g.CompanyCount} firme)</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => void unwatch(g)} aria-label={`Nu mai urmări grupul ${g.Name}`}>
                <BellOff aria-hidden="true" />
                Nu mai urmări
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
