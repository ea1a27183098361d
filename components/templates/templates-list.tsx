'use client';

// The template list (/Template-uri): the user's templates, searchable, sortable by title and
// categories, paged, with details, send (the send-template-to-groups dialog opens with the
// template chosen) and delete.
import * as React from 'react';
import Link from 'next/link';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { FilePlus2, Pencil, Search, Send, Trash2 } from 'lucide-react';
import { serverMessage, TEMPLATE_TOASTS, templateEditPath, templatesApi } from '@/lib/templates/client';
import type { MailTemplateListItem, Paged } from '@/lib/templates/types';
import { getPaginationLayout } from '@/lib/pagination';
import { Badge } from '@/components/ui/badge';
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
import { openSendToGroups, SendToGroupsHost } from '@/components/sending/send-to-groups-host';

const SORTABLE: Record<string, string> = { Name: 'Nume template', Categories: 'Categorii' };

export function TemplatesList() {
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [orderBy, setOrderBy] = React.useState('Name');
  const [page, setPage] = React.useState(1);
  const [data, setData] = React.useState<Paged<MailTemplateListItem> | null>(null);
  const [reloadKey, setReloadKey] = React.useState(0);
  const [deleting, setDeleting] = React.useState<MailTemplateListItem | null>(null);

  React.useEffect(() => {
    let live = true;
    setData(null);
    templatesApi
      .list({ OrderBy: orderBy, SearchText: search, PageNumber: page })
      .then((r) => {
        if (!live) return;
        // A page emptied by a delete steps back to the last one that has rows.
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

  const columns = React.useMemo<ColumnDef<MailTemplateListItem>[]>(
    () => [
      {
        id: 'Name',
        header: SORTABLE.Name,
        cell: ({ row }) => (
          <Link href={templateEditPath(row.original.Id, row.original.Name)} className="font-medium text-foreground hover:text-primary hover:underline">
            {row.original.Name}
          </Link>
        ),
      },
      {
        id: 'Categories',
        header: SORTABLE.Categories,
        cell: ({ row }) =>
          row.original.Categories.length ? (
            <div className="flex flex-wrap gap-1">
              {row.original.Categories.map((c) => (
                <Badge key={c} variant="secondary">
                  {c}
                </Badge>
              ))}
            </div>
          ) : (
            <span aria-label="Fără categorii">-</span>
          ),
      },
      {
        id: 'Actions',
        header: 'Acțiuni',
        cell: ({ row }) => {
          const t = row.original;
          return (
            <div className="flex flex-wrap items-center gap-1">
              <Button asChild variant="outline" size="sm">
                <Link href={templateEditPath(t.Id, t.Name)} aria-label={`Detalii template ${t.Name}`}>
                  <Pencil aria-hidden="true" />
                  Detalii template
                </Link>
              </Button>
              <Button variant="outline" size="sm" onClick={() => openSendToGroups({ template: { Id: t.Id, Name: t.Name } })} aria-label={`Trimite ${t.Name}`}>
                <Send aria-hidden="true" />
                Trimite
              </Button>
              <Button variant="ghost" size="icon-sm" aria-label={`Șterge ${t.Name}`} title="Șterge" onClick={() => setDeleting(t)}>
                <Trash2 aria-hidden="true" className="text-destructive" />
              </Button>
            </div>
          );
        },
      },
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (t) => String(t.Id) });

  const remove = async () => {
    if (!deleting) return;
    try {
      await templatesApi.remove(deleting.Id);
      showSuccessToast(TEMPLATE_TOASTS.deleted);
      setReloadKey((k) => k + 1);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <form
          role="search"
          aria-label="Căutare template-uri"
          className="flex min-w-0 flex-1 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setSearch(text.trim());
          }}
        >
          <label htmlFor="templates-search" className="sr-only">
            Caută un template
          </label>
          <Input id="templates-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Caută un template" className="min-w-0 flex-1" />
          <Button type="submit">
            <Search aria-hidden="true" />
            Caută
          </Button>
        </form>
        <Button asChild>
          <Link href="/Template-uri/Adauga">
            <FilePlus2 aria-hidden="true" />
            Adaugă template
          </Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Rezultate: <span className="font-semibold text-foreground">{data ? data.Count : '…'}</span>
      </p>
      <Table aria-label="Template-uri">
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
                      <Skeleton className="h-5 w-full max-w-48" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
      {data && data.Items.length === 0 ? <EmptyState title="Nu există elemente!" compact /> : null}
      {data && data.NumberOfPages > 1 ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={deleting ? `Sigur doriți să ștergeți template-ul „${deleting.Name}”?` : ''}
        onConfirm={remove}
      />
      <SendToGroupsHost />
    </div>
  );
}
