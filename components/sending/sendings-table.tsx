'use client';

// The list of sendings: /Emailuri-trimise (all the user may see) and a group's "istoric email-uri"
// tab (groupId). Date DD.MM.YYYY HH:mm, template, author, opened/total "deschise", Previzualizare;
// a row opens to its companies (one row open at a time). Sorted by SendOn on the server.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { BarChart3, Eye } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { sendingApi, serverMessage } from '@/lib/sending/client';
import type { SentMailing } from '@/lib/sending/types';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTableSkeletonRows, ExpandableDataRows, ExpandHead } from '@/components/ui/data-table-body';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { ListFooter } from '@/components/ui/list-footer';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { Table, TableBody } from '@/components/ui/table';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast } from '@/components/layout/toaster';
import { MailCommentsDialog, type MailCommentTarget } from './mail-comments-dialog';
import { PreviewDialog } from './preview-dialog';
import { SendingCompanies } from './sending-companies';

export function SendingsTable({ groupId, searchable = true }: { groupId?: number; searchable?: boolean }) {
  const list = usePagedList((q) => sendingApi.history({ ...q, SearchText: q.SearchText || undefined, GroupId: groupId }), {
    defaultOrder: 'SendOn_desc',
    onError: (e) => showErrorToast(serverMessage(e)),
    deps: [groupId],
  });
  const { data, orderBy } = list;
  const [open, setOpen] = React.useState<number | null>(null);
  const [preview, setPreview] = React.useState<number | null>(null);
  const [comments, setComments] = React.useState<MailCommentTarget | null>(null);

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
        meta: { card: 'subtitle' },
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
        meta: { card: 'title' },
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
      actionsColumn<SentMailing>({
        id: 'Preview',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (r) => [{ id: 'preview', label: 'Previzualizare', icon: Eye, withText: true, onSelect: () => setPreview(r.GroupedMailId) }],
      }),
      // Issue 28: the sending's results (counts, rates, links, timeline).
      actionsColumn<SentMailing>({
        id: 'Results',
        header: () => <span className="sr-only">Rezultate</span>,
        actions: (r) => [{ id: 'results', label: 'Rezultate', icon: BarChart3, withText: true, href: `/Emailuri-trimise/Rezultate/${r.GroupedMailId}` }],
      }),
    ],
    [],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId: (r) => String(r.GroupedMailId) });

  return (
    <div className="flex flex-col gap-4">
      {searchable ? <ListSearchForm id={`sendings-search-${groupId ?? 'all'}`} label="Căutare email-uri trimise" placeholder="Caută un email" list={list} className="max-w-xl" /> : null}
      {/* The count every other signed-in list shows above its table. */}
      <ResultCount count={data?.Count ?? null} testId="sendings-count" />
      <ResponsiveList
        sort={
          <DataTableSortSelect options={[{ key: 'SendOn', label: 'Data trimiterii', first: 'desc' }]} value={orderBy} onChange={list.setOrder} />
        }
        cards={
          <DataTableCards
            table={table}
            label="Email-uri trimise"
            rowName={(r) => r.TemplateName ?? r.Name}
            loading={data === null}
            testId="sendings-cards"
            rowTestId="sending-card"
            detail={{
              isOpen: (id) => open === id,
              onToggle: (id) => setOpen(open === id ? null : id),
              idOf: (r) => r.GroupedMailId,
              labels: { show: 'Arată companiile', hide: 'Ascunde companiile' },
              detailId: (id) => `sending-${id}`,
              render: (id) => <SendingCompanies groupedMailId={id} groupId={groupId} onComments={setComments} />,
            }}
          />
        }
      >
      <Table data-testid="sendings-table">
        <DataTableHeader
          table={table}
          leading={<ExpandHead />}
          isSortable={(id) => id === 'SendOn'}
          directionOf={() => (orderBy === 'SendOn' ? 'asc' : 'desc')}
          onSort={() => list.setOrder(orderBy === 'SendOn_desc' ? 'SendOn' : 'SendOn_desc')}
        />
        <TableBody>
          {data === null ? (
            <DataTableSkeletonRows columns={columns.length + 1} />
          ) : (
            <ExpandableDataRows
              table={table}
              openId={open}
              onOpenChange={setOpen}
              idOf={(r) => r.GroupedMailId}
              detailId={(id) => `sending-${id}`}
              labels={{ show: 'Arată companiile', hide: 'Ascunde companiile' }}
              rowTestId="sending-row"
              renderDetail={(id) => <SendingCompanies groupedMailId={id} groupId={groupId} onComments={setComments} />}
            />
          )}
        </TableBody>
      </Table>
      </ResponsiveList>
      <ListFooter list={list} compact={false} />
      <PreviewDialog groupedMailId={preview} onOpenChange={(o) => !o && setPreview(null)} />
      <MailCommentsDialog target={comments} onOpenChange={(o) => !o && setComments(null)} />
    </div>
  );
}
