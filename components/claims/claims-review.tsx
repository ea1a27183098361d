'use client';

import * as React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Check, Eye, Search, X } from 'lucide-react';
import { CLAIMS_PAGE_SIZE, CLAIM_TEXTS, ALREADY_CLAIMED_MESSAGE, DEFAULT_CLAIM_ORDER, type ClaimSortKey } from '@/lib/claims/schemas';
import type { ClaimRequestDto, ClaimRequestsPage } from '@/lib/claims/types';
import { ApiError, apiCall } from '@/lib/api/client';
import { formatDate } from '@/lib/format';
import { EMPTY_PAGE } from '@/lib/shared/paged';
import { getPaginationLayout } from '@/lib/pagination';
import { cutWords } from '@/lib/text';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList, type RowAction } from '@/components/ui/data-table-cards';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { SortableTableHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { showErrorToast, toast } from '@/components/layout/toaster';
import { CompanyTabLink } from '@/components/shared/company-tab-link';
import { SearchForm } from '@/components/ui/list-search-form';

type StatusFilter = 'pending' | 'approved' | 'rejected';
const STATUS_FILTERS: Array<{ value: StatusFilter; label: string; statusId: string }> = [
  { value: 'pending', label: 'În așteptare', statusId: ' ' },
  { value: 'approved', label: 'Aprobat', statusId: 'true' },
  { value: 'rejected', label: 'Respins', statusId: 'false' },
];

export const claimStatusText = (s: boolean | null) => (s === null ? 'În așteptare' : s ? 'Acceptat' : 'Respins');
const dash = (v: string | null | undefined) => (v == null || v.trim() === '' ? '-' : v);

/** First click sorts ascending, the next adds the _desc suffix. */
export function nextClaimOrder(current: string, key: ClaimSortKey): string {
  return current === key ? `${key}_desc` : key;
}

function Sort({ label, sortKey, order, onSort }: { label: string; sortKey: ClaimSortKey; order: string; onSort: (k: ClaimSortKey) => void }) {
  const direction = order === sortKey ? 'asc' : order === `${sortKey}_desc` ? 'desc' : null;
  return (
    <SortableTableHead direction={direction} onSort={() => onSort(sortKey)}>
      {label}
    </SortableTableHead>
  );
}

/** The Admin's review of company claims (Cereri de pretindere a companiei). */
export function ClaimsReview() {
  const [status, setStatus] = React.useState<StatusFilter>('pending');
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [order, setOrder] = React.useState<string>(DEFAULT_CLAIM_ORDER);
  const [page, setPage] = React.useState(1);
  const [version, setVersion] = React.useState(0);
  const [data, setData] = React.useState<ClaimRequestsPage | null>(null);
  const [details, setDetails] = React.useState<ClaimRequestDto | null>(null);
  const statusId = STATUS_FILTERS.find((s) => s.value === status)!.statusId;

  React.useEffect(() => {
    let live = true;
    apiCall('GET /api/Company/GetCompaniesRequests', {
      query: { statusId, SearchText: search, pageNumber: page, pageSize: CLAIMS_PAGE_SIZE, orderBy: order },
      background: true,
    }).then(
        (res) => live && setData(res),
        () => {
          if (!live) return;
          // A failed call switches the loader off (spec 002 §8): an empty page, and the toast.
          setData(EMPTY_PAGE);
          showErrorToast(CLAIM_TEXTS.failed);
        },
      );
    return () => {
      live = false;
    };
  }, [statusId, search, page, order, version]);

  const change = async (claim: ClaimRequestDto, approve: boolean) => {
    try {
      await apiCall('POST /api/Company/UpdateRequestCompanyStatus', { query: { requestCompanyId: claim.Id, status: approve }, background: true });
      toast.success(CLAIM_TEXTS.statusChanged);
      // The list reloads from page 1.
      setPage(1);
      setVersion((v) => v + 1);
    } catch (e) {
      showErrorToast(e instanceof ApiError && e.body?.Message === ALREADY_CLAIMED_MESSAGE ? CLAIM_TEXTS.alreadyClaimed : CLAIM_TEXTS.failed);
    }
  };

  const actionsOf = (c: ClaimRequestDto): RowAction[] => [
    { id: 'details', label: 'Detalii', icon: Eye, withText: true, onSelect: () => setDetails(c) },
    ...(c.Status !== true ? [{ id: 'approve', label: 'Aprobă', icon: Check, withText: true, buttonVariant: 'default' as const, onSelect: () => void change(c, true) }] : []),
    ...(c.Status !== false ? [{ id: 'reject', label: 'Respinge', icon: X, withText: true, buttonVariant: 'destructive' as const, destructive: true, onSelect: () => void change(c, false) }] : []),
  ];

  const onSort = (key: ClaimSortKey) => {
    setOrder((o) => nextClaimOrder(o, key));
    setPage(1);
  };

  const columns: ColumnDef<ClaimRequestDto>[] = [
      { id: 'name', header: 'Nume', cell: ({ row }) => <span title={row.original.Name}>{cutWords(row.original.Name, 3)}</span>, meta: { card: 'title' } },
      { id: 'message', header: 'Mesaj', cell: ({ row }) => dash(cutWords(row.original.Description, 5)), meta: { card: 'detail' } },
      {
        id: 'company',
        header: 'Companie',
        cell: ({ row }) => <CompanyTabLink cui={row.original.CompanyCUI} name={row.original.CompanyName} className="text-primary hover:underline">{row.original.CompanyName}</CompanyTabLink>,
        meta: { card: 'subtitle' },
      },
      {
        id: 'cui',
        header: 'CUI',
        cell: ({ row }) => <CompanyTabLink cui={row.original.CompanyCUI} name={row.original.CompanyName} className="text-primary hover:underline">{row.original.CompanyCUI}</CompanyTabLink>,
        meta: { card: 'subtitle' },
      },
      { id: 'createdDate', header: 'Data cerere', cell: ({ row }) => formatDate(row.original.CreatedDate) },
      { id: 'updatedDate', header: 'Data aprobare', cell: ({ row }) => (row.original.UpdatedDate ? formatDate(row.original.UpdatedDate) : '-'), meta: { card: 'detail' } },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              row.original.Status === null ? 'bg-muted text-foreground' : row.original.Status ? 'bg-success-soft text-success-strong' : 'bg-destructive/10 text-destructive',
            )}
          >
            {claimStatusText(row.original.Status)}
          </span>
        ),
      },
      actionsColumn<ClaimRequestDto>({ id: 'actions', actions: actionsOf }),
  ];

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  const sortable: Partial<Record<string, ClaimSortKey>> = { name: 'name', createdDate: 'createdDate', updatedDate: 'updatedDate' };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchForm
          className="relative w-full sm:max-w-sm"
          onSearch={() => {
            setSearch(text.trim());
            setPage(1);
          }}
        >
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Caută firmă (Nume/CUI)" aria-label="Caută firmă (Nume/CUI)" className="pl-9" />
        </SearchForm>
        <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
          {STATUS_FILTERS.map((s) => (
            <Button
              key={s.value}
              size="sm"
              variant={status === s.value ? 'default' : 'outline'}
              aria-pressed={status === s.value}
              onClick={() => {
                setStatus(s.value);
                setPage(1);
              }}
            >
              {s.label}
            </Button>
          ))}
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="claims-count">
        {data ? `Rezultate: ${data.Count}` : 'Se încarcă…'}
      </p>
      <ResponsiveList
        sort={
          <DataTableSortSelect
            options={[
              { key: 'name', label: 'Nume' },
              { key: 'createdDate', label: 'Data cerere', first: 'desc' },
              { key: 'updatedDate', label: 'Data aprobare', first: 'desc' },
            ]}
            value={order}
            onChange={(o) => {
              setOrder(o);
              setPage(1);
            }}
          />
        }
        cards={<DataTableCards table={table} label="Cereri" rowName={(c) => `${c.Name}, ${c.CompanyName}`} loading={data === null} rowTestId="claim-card" empty={null} />}
      >
      <Table>
        <TableHeader>
          {table.getHeaderGroups().map((hg) => (
            <TableRow key={hg.id}>
              {hg.headers.map((h) => {
                const key = sortable[h.column.id];
                return key ? (
                  <Sort key={h.id} label={String(h.column.columnDef.header)} sortKey={key} order={order} onSort={onSort} />
                ) : (
                  <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {data === null ? (
            Array.from({ length: 4 }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns.length}>
                  <Skeleton className="h-6 w-full" />
                </TableCell>
              </TableRow>
            ))
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-testid="claim-row">
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      </ResponsiveList>
      {/* The same empty state as the other signed-in lists, once for phones and the table. */}
      {data && data.Items.length === 0 ? <EmptyState compact /> : null}
      {data ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
      <Dialog open={details != null} onOpenChange={(o) => !o && setDetails(null)}>
        <DialogContent size="area">
          <DialogHeader>
            <DialogTitle>Cerere pretindere companie</DialogTitle>
            <DialogDescription>Datele trimise de solicitant.</DialogDescription>
          </DialogHeader>
          {details ? (
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Nume</dt>
              <dd className="break-words">{details.Name}</dd>
              <dt className="text-muted-foreground">Telefon</dt>
              <dd>{details.Phone}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">{details.Email}</dd>
              <dt className="text-muted-foreground">Companie</dt>
              <dd className="break-words">{details.CompanyName}</dd>
              <dt className="text-muted-foreground">Mesaj</dt>
              <dd className="break-words whitespace-pre-wrap">{dash(details.Description)}</dd>
            </dl>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
