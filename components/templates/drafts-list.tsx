'use client';

// The drafts list (/Drafturi-email): the user's unsent drafts, newest first, searchable; each row
// opens its draft, deletes it, or expands to its companies with their addresses.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import { DRAFT_TOASTS, draftPath, draftsApi } from '@/lib/drafts/client';
import type { DraftCompany, DraftListItem } from '@/lib/drafts/types';
import { formatDate } from '@/lib/format';
import { getPaginationLayout } from '@/lib/pagination';
import { errorToastText } from '@/lib/templates/client';
import type { Paged } from '@/lib/shared/paged';
import { Button } from '@/components/ui/button';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { ListFooter } from '@/components/ui/list-footer';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList, sortOptionsOf } from '@/components/ui/data-table-cards';
import { DataTableCells, DataTableSkeletonRows } from '@/components/ui/data-table-body';
import { PagedListHeader } from '@/components/ui/data-table-header';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast } from '@/components/layout/toaster';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { CompanyTabLink } from '@/components/shared/company-tab-link';

const SORTABLE: Record<string, string> = { CreatedOn: 'Data creării', Template: 'Template' };

export function DraftsList() {
  const list = usePagedList((q) => draftsApi.list(q), { defaultOrder: 'Name', onError: (e) => showErrorToast(errorToastText(e)) });
  const { data } = list;
  const [expanded, setExpanded] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<DraftListItem | null>(null);

  const columns = React.useMemo<ColumnDef<DraftListItem>[]>(
    () => [
      {
        id: 'Expand',
        header: () => <span className="sr-only">Firme</span>,
        cell: ({ row }) => {
          const open = expanded === row.original.Id;
          return (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-expanded={open}
              aria-controls={`draft-companies-${row.original.Id}`}
              aria-label={`${open ? 'Ascunde' : 'Arată'} firmele draft-ului ${row.original.Name}`}
              onClick={() => setExpanded(open ? null : row.original.Id)}
            >
              {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            </Button>
          );
        },
        // The cards open the companies with their own button (DataTableCards' detail).
        meta: { card: 'hidden' },
      },
      { id: 'CreatedOn', header: SORTABLE.CreatedOn, cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.CreatedOn)}</span>, meta: { card: 'subtitle' } },
      {
        id: 'Template',
        header: SORTABLE.Template,
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium">{row.original.Template ?? '-'}</span>
            <span className="text-xs text-muted-foreground">Subiect: {row.original.Name}</span>
          </div>
        ),
        meta: { card: 'title' },
      },
      { id: 'CreatedBy', header: 'Autor', cell: ({ row }) => row.original.CreatedBy },
      { id: 'Companies', header: 'Firme', cell: ({ row }) => <span className="tabular-nums">{row.original.CompaniesNumber}</span> },
      actionsColumn<DraftListItem>({
        actions: (d) => [
          { id: 'edit', label: 'Modifică', ariaLabel: `Modifică draft-ul ${d.Name}`, icon: Pencil, href: draftPath(d.Id, d.Template ?? d.Name) },
          { id: 'delete', label: 'Șterge', ariaLabel: `Șterge draft-ul ${d.Name}`, icon: Trash2, destructive: true, onSelect: () => setDeleting(d) },
        ],
      }),
    ],
    [expanded],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (d) => String(d.Id) });

  return (
    <div className="flex flex-col gap-5">
      <ListSearchForm id="drafts-search" label="Căutare draft-uri" placeholder="Caută un draft" list={list} />
      <ResultCount count={data?.Count ?? null} />
      <ResponsiveList
        // The list starts ordered by subject (Name), which no column head offers.
        sort={<DataTableSortSelect options={[{ key: 'Name', label: 'Subiect' }, ...sortOptionsOf(SORTABLE)]} value={list.orderBy} onChange={list.setOrder} />}
        cards={
          <DataTableCards
            table={table}
            label="Draft-uri"
            rowName={(d) => d.Template ?? d.Name}
            loading={data === null}
            rowTestId="draft-card"
            detail={{
              isOpen: (id) => expanded === id,
              onToggle: (id) => setExpanded(expanded === id ? null : id),
              idOf: (d) => d.Id,
              labels: { show: 'Arată firmele', hide: 'Ascunde firmele' },
              detailId: (id) => `draft-companies-${id}`,
              render: (id) => (
                <div className="p-3">
                  <DraftCompaniesPreview draftId={id} />
                </div>
              ),
            }}
          />
        }
      >
      <Table aria-label="Draft-uri">
        <PagedListHeader table={table} sortable={SORTABLE} list={list} />
        <TableBody>
          {data === null
            ? <DataTableSkeletonRows columns={columns.length} />
            : table.getRowModel().rows.map((row) => (
                <React.Fragment key={row.id}>
                  <TableRow>
                    <DataTableCells row={row} />
                  </TableRow>
                  {expanded === row.original.Id ? (
                    <TableRow>
                      <TableCell colSpan={columns.length} id={`draft-companies-${row.original.Id}`} className="bg-subtle">
                        <DraftCompaniesPreview draftId={row.original.Id} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </React.Fragment>
              ))}
        </TableBody>
      </Table>
      </ResponsiveList>
      <ListFooter list={list} />
      <ConfirmRemoveDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        describe={(d) => `Sigur doriți să ștergeți draft-ul „${d.Name}”?`}
        remove={(d) => draftsApi.remove(d.Id)}
        success={DRAFT_TOASTS.deleted}
        reload={list.reload}
        errorText={errorToastText}
      />
    </div>
  );
}

/** The expanded row: the draft's companies (name, CUI, addresses), paged. */
function DraftCompaniesPreview({ draftId }: { draftId: number }) {
  const [page, setPage] = React.useState(1);
  const [loaded, setLoaded] = React.useState<{ page: number; data: Paged<DraftCompany> } | null>(null);
  React.useEffect(() => {
    let live = true;
    draftsApi.companies({ GroupedMailId: draftId, OrderBy: 'Name', SearchText: '', PageNumber: page }).then(
      (r) => live && setLoaded({ page, data: r }),
      () => live && setLoaded({ page, data: { Items: [], Count: 0, NumberOfPages: 0 } }),
    );
    return () => {
      live = false;
    };
  }, [draftId, page]);
  const data = loaded?.page === page ? loaded.data : null;
  if (!data) return <Skeleton className="h-16 w-full" />;
  if (!data.Items.length) return <p className="text-sm text-muted-foreground">Nu există companii pentru acest draft!</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y divide-border text-sm">
        {data.Items.map((c) => (
          <li key={c.MailSendId} className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:gap-4">
            <CompanyTabLink cui={c.CompanyCui} name={c.Name} className="font-medium text-primary hover:underline sm:w-72">
              {c.Name}
            </CompanyTabLink>
            <span className="tabular-nums text-muted-foreground sm:w-28">CUI {c.CompanyCui}</span>
            <span className="break-all">{c.Email || <span className="text-muted-foreground">fără adresă de email</span>}</span>
          </li>
        ))}
      </ul>
      {data.NumberOfPages > 1 ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
    </div>
  );
}
