'use client';

// The list of sendings: /Emailuri-trimise (all the user may see) and a group's "istoric email-uri"
// tab (groupId). Date DD.MM.YYYY HH:mm, template, author, opened/total "deschise", Previzualizare;
// a row opens to its companies (one row open at a time). Sorted by SendOn on the server.
import * as React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { BarChart3, ChevronDown, ChevronRight, Eye, Search } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { getPaginationLayout } from '@/lib/pagination';
import { sendingApi, serverMessage } from '@/lib/sending/client';
import type { Paged, SentMailing } from '@/lib/sending/types';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { SortableTableHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { showErrorToast } from '@/components/layout/toaster';
import { MailCommentsDialog, type MailCommentTarget } from './mail-comments-dialog';
import { PreviewDialog } from './preview-dialog';
import { SendingCompanies } from './sending-companies';

type Order = 'SendOn' | 'SendOn_desc';

export function SendingsTable({ groupId, searchable = true }: { groupId?: number; searchable?: boolean }) {
  const [order, setOrder] = React.useState<Order>('SendOn_desc');
  const [search, setSearch] = React.useState('');
  const [applied, setApplied] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [data, setData] = React.useState<Paged<SentMailing> | null>(null);
  const [open, setOpen] = React.useState<number | null>(null);
  const [preview, setPreview] = React.useState<number | null>(null);
  const [comments, setComments] = React.useState<MailCommentTarget | null>(null);

  React.useEffect(() => {
    let live = true;
    setData(null);
    sendingApi.history({ OrderBy: order, SearchText: applied || undefined, PageNumber: page, GroupId: groupId }).then(
      (r) => live && setData(r),
      (e) => {
        if (!live) return;
        setData({ Items: [], Count: 0, NumberOfPages: 0 });
        showErrorToast(serverMessage(e));
      },
    );
    return () => {
      live = false;
    };
  }, [order, applied, page, groupId]);

  const columns = React.useMemo<ColumnDef<SentMailing>[]>(
    () => [
      {
        id: 'SendOn',
        header: 'Data trimiterii',
        cell: ({ row }) => (
          <span className="tabular-nums">
            {formatDateTime(row.original.SendOn)}
            {row.original.ScheduledFor ? (
              <span className="block text-xs text-muted-foreground" data-testid="scheduled-for">
                Programată: {formatDateTime(row.original.ScheduledFor)}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'Template',
        header: 'Template',
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="font-medium">{row.original.TemplateName ?? row.original.Name}</p>
            {row.original.TemplateName ? <p className="text-xs text-muted-foreground">{row.original.Name}</p> : null}
          </div>
        ),
      },
      { id: 'SendBy', header: 'Autor', cell: ({ row }) => row.original.SendBy },
      {
        id: 'Opened',
        header: 'Deschise',
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums" data-testid="opened-count">
            {row.original.NumberOfOpenedMails}/{row.original.NumberOfTotalMails} deschise
            {row.original.NumberOfPendingMails ? <span className="block text-xs text-muted-foreground">{row.original.NumberOfPendingMails} în curs de trimitere</span> : null}
          </span>
        ),
      },
      {
        id: 'Preview',
        header: () => <span className="sr-only">Acțiuni</span>,
        cell: ({ row }) => (
          <Button
            variant="outline"
            size="sm"
            onClick={(e) => {
              e.stopPropagation();
              setPreview(row.original.GroupedMailId);
            }}
          >
            <Eye aria-hidden="true" />
            Previzualizare
          </Button>
        ),
      },
      {
        // Issue 28: the sending's results (counts, rates, links, timeline).
        id: 'Results',
        header: () => <span className="sr-only">Rezultate</span>,
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <Link href={`/Emailuri-trimise/Rezultate/${row.original.GroupedMailId}`} onClick={(e) => e.stopPropagation()}>
              <BarChart3 aria-hidden="true" />
              Rezultate
            </Link>
          </Button>
        ),
      },
    ],
    [],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId: (r) => String(r.GroupedMailId) });
  const toggleSort = () => {
    setOrder((o) => (o === 'SendOn_desc' ? 'SendOn' : 'SendOn_desc'));
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      {searchable ? (
        <form
          role="search"
          className="flex max-w-xl gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(search.trim());
            setPage(1);
          }}
        >
          <label htmlFor={`sendings-search-${groupId ?? 'all'}`} className="sr-only">
            Caută un email
          </label>
          <Input id={`sendings-search-${groupId ?? 'all'}`} placeholder="Caută un email" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit">
            <Search aria-hidden="true" />
            Caută
          </Button>
        </form>
      ) : null}
      {/* The count every other signed-in list shows above its table. */}
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="sendings-count">
        Rezultate: <span className="font-semibold text-foreground">{data ? data.Count : '…'}</span>
      </p>
      <Table data-testid="sendings-table">
        <TableHeader>
          {table.getHeaderGroups().map((hg) => (
            <TableRow key={hg.id}>
              <TableHead className="w-10">
                <span className="sr-only">Extinde</span>
              </TableHead>
              {hg.headers.map((h) =>
                h.column.id === 'SendOn' ? (
                  <SortableTableHead key={h.id} direction={order === 'SendOn' ? 'asc' : 'desc'} onSort={toggleSort}>
                    Data trimiterii
                  </SortableTableHead>
                ) : (
                  <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
                ),
              )}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {data === null
            ? Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i} aria-hidden="true">
                  <TableCell colSpan={columns.length + 1}>
                    <Skeleton className="h-6" />
                  </TableCell>
                </TableRow>
              ))
            : table.getRowModel().rows.map((row) => {
                const id = row.original.GroupedMailId;
                const isOpen = open === id;
                return (
                  <React.Fragment key={row.id}>
                    <TableRow className="cursor-pointer" onClick={() => setOpen(isOpen ? null : id)} data-testid="sending-row">
                      <TableCell>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-expanded={isOpen}
                          aria-controls={`sending-${id}`}
                          aria-label={isOpen ? 'Ascunde companiile' : 'Arată companiile'}
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(isOpen ? null : id);
                          }}
                        >
                          {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                        </Button>
                      </TableCell>
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                      ))}
                    </TableRow>
                    {isOpen ? (
                      <TableRow id={`sending-${id}`} className="bg-subtle hover:bg-subtle">
                        <TableCell colSpan={columns.length + 1} className="p-0">
                          <SendingCompanies groupedMailId={id} groupId={groupId} onComments={setComments} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                );
              })}
        </TableBody>
      </Table>
      {data && data.Items.length === 0 ? <EmptyState title="Nu există elemente!" /> : null}
      {data ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
      <PreviewDialog groupedMailId={preview} onOpenChange={(o) => !o && setPreview(null)} />
      <MailCommentsDialog target={comments} onOpenChange={(o) => !o && setComments(null)} />
    </div>
  );
}
