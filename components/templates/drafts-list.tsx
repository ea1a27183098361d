'use client';

// The drafts list (/Drafturi-email): the user's unsent drafts, newest first, searchable; each row
// opens its draft, deletes it, or expands to its companies with their addresses.
import * as React from 'react';
import Link from 'next/link';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, Pencil, Search, Trash2 } from 'lucide-react';
import { DRAFT_TOASTS, draftPath, draftsApi } from '@/lib/drafts/client';
import type { DraftCompany, DraftListItem } from '@/lib/drafts/types';
import { formatDate } from '@/lib/format';
import { getPaginationLayout } from '@/lib/pagination';
import { serverMessage } from '@/lib/templates/client';
import type { Paged } from '@/lib/templates/types';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { directionOf, nextOrder } from './sort';

const SORTABLE: Record<string, string> = { CreatedOn: 'Data creării', Template: 'Template' };

export function DraftsList() {
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [orderBy, setOrderBy] = React.useState('CreatedOn_desc');
  const [page, setPage] = React.useState(1);
  const [data, setData] = React.useState<Paged<DraftListItem> | null>(null);
  const [reloadKey, setReloadKey] = React.useState(0);
  const [expanded, setExpanded] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<DraftListItem | null>(null);

  React.useEffect(() => {
    let live = true;
    setData(null);
    draftsApi
      .list({ OrderBy: orderBy, SearchText: search, PageNumber: page })
      .then((r) => {
        if (!live) return;
        if (r.Items.length === 0 && page > 1 && r.NumberOfPages > 0) setPage(r.NumberOfPages);
        else setData(r);
      })
      .catch((e) => {
        if (!live) return;
        setData({ Items: [], Count: 0, NumberOfPages: 0 });
        showErrorToast(serverMessage(e) ?? undefined);
      });
    return () => {
      live = false;
    };
  }, [orderBy, search, page, reloadKey]);

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
      },
      { id: 'CreatedOn', header: SORTABLE.CreatedOn, cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.CreatedOn)}</span> },
      {
        id: 'Template',
        header: SORTABLE.Template,
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium">{row.original.Template ?? '-'}</span>
            <span className="text-xs text-muted-foreground">Subiect: {row.original.Name}</span>
          </div>
        ),
      },
      { id: 'CreatedBy', header: 'Autor', cell: ({ row }) => row.original.CreatedBy },
      { id: 'Companies', header: 'Firme', cell: ({ row }) => <span className="tabular-nums">{row.original.CompaniesNumber}</span> },
      {
        id: 'Actions',
        header: 'Acțiuni',
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <Button asChild variant="ghost" size="icon-sm">
              <Link href={draftPath(row.original.Id, row.original.Template ?? row.original.Name)} aria-label={`Modifică draft-ul ${row.original.Name}`} title="Modifică">
                <Pencil aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="ghost" size="icon-sm" aria-label={`Șterge draft-ul ${row.original.Name}`} title="Șterge" onClick={() => setDeleting(row.original)}>
              <Trash2 aria-hidden="true" className="text-destructive" />
            </Button>
          </div>
        ),
      },
    ],
    [expanded],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (d) => String(d.Id) });

  const remove = async () => {
    if (!deleting) return;
    try {
      await draftsApi.remove(deleting.Id);
      showSuccessToast(DRAFT_TOASTS.deleted);
      setReloadKey((k) => k + 1);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label="Căutare draft-uri"
        className="flex min-w-0 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(text.trim());
        }}
      >
        <label htmlFor="drafts-search" className="sr-only">
          Caută un draft
        </label>
        <Input id="drafts-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Caută un draft" className="min-w-0 flex-1" />
        <Button type="submit">
          <Search aria-hidden="true" />
          Caută
        </Button>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Rezultate: <span className="font-semibold text-foreground">{data ? data.Count : '…'}</span>
      </p>
      <Table aria-label="Draft-uri">
        <DataTableHeader
          table={table}
          isSortable={(id) => !!SORTABLE[id]}
          directionOf={(id) => directionOf(orderBy, id)}
          onSort={(id) => {
            setPage(1);
            setOrderBy(nextOrder(orderBy, id));
          }}
        />
        <TableBody>
          {data === null
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={`s${i}`} aria-hidden="true">
                  {columns.map((c) => (
                    <TableCell key={c.id}>
                      <Skeleton className="h-5 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : table.getRowModel().rows.map((row) => (
                <React.Fragment key={row.id}>
                  <TableRow>
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                    ))}
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
      {data && data.Items.length === 0 ? <EmptyState title="Nu există elemente!" compact /> : null}
      {data && data.NumberOfPages > 1 ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={deleting ? `Sigur doriți să ștergeți draft-ul „${deleting.Name}”?` : ''}
        onConfirm={remove}
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
            <span className="font-medium sm:w-72">{c.Name}</span>
            <span className="tabular-nums text-muted-foreground sm:w-28">CUI {c.CompanyCui}</span>
            <span className="break-all">{c.Email || <span className="text-muted-foreground">fără adresă de email</span>}</span>
          </li>
        ))}
      </ul>
      {data.NumberOfPages > 1 ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
    </div>
  );
}
