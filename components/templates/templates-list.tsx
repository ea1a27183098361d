'use client';

// The template list (/Template-uri): the user's templates, searchable, sortable by title and
// categories, paged, with details, send (the send-template-to-groups dialog opens with the
// template chosen) and delete.
import * as React from 'react';
import Link from 'next/link';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ArchiveRestore, FilePlus2, Pencil, Send, Trash2 } from 'lucide-react';
import { errorToastText, TEMPLATE_TOASTS, templateEditPath, templatesApi } from '@/lib/templates/client';
import type { MailTemplateListItem } from '@/lib/templates/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { ListFooter } from '@/components/ui/list-footer';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { SortablePagedList } from '@/components/ui/sortable-paged-list';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast } from '@/components/layout/toaster';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { DeletedItemsDialog } from '@/components/shared/deleted-items-dialog';
import { RESTORE_WINDOW_DAYS } from '@/lib/shared/restore';
import { openSendToGroups, SendToGroupsHost } from '@/components/sending/send-to-groups-host';

const SORTABLE: Record<string, string> = { Name: 'Nume template', Categories: 'Categorii' };

export function TemplatesList() {
  const list = usePagedList((q) => templatesApi.list(q), { defaultOrder: 'Name', onError: (e) => showErrorToast(errorToastText(e)) });
  const { data } = list;
  const [deleting, setDeleting] = React.useState<MailTemplateListItem | null>(null);
  const [showDeleted, setShowDeleted] = React.useState(false);

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
        meta: { card: 'title' },
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
      actionsColumn<MailTemplateListItem>({
        actions: (t) => [
          { id: 'details', label: 'Detalii template', ariaLabel: `Detalii template ${t.Name}`, icon: Pencil, withText: true, href: templateEditPath(t.Id, t.Name) },
          { id: 'send', label: 'Trimite', ariaLabel: `Trimite ${t.Name}`, icon: Send, withText: true, onSelect: () => openSendToGroups({ template: { Id: t.Id, Name: t.Name } }) },
          { id: 'delete', label: 'Șterge', ariaLabel: `Șterge ${t.Name}`, icon: Trash2, destructive: true, onSelect: () => setDeleting(t) },
        ],
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (t) => String(t.Id) });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearchForm id="templates-search" label="Căutare template-uri" placeholder="Caută un template" list={list} className="flex-1" />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setShowDeleted(true)}>
            <ArchiveRestore aria-hidden="true" />
            Recent șterse
          </Button>
          <Button asChild>
            <Link href="/Template-uri/Adauga">
              <FilePlus2 aria-hidden="true" />
              Adaugă template
            </Link>
          </Button>
        </div>
      </div>
      <ResultCount count={data?.Count ?? null} />
      <SortablePagedList table={table} list={list} sortable={SORTABLE} label="Template-uri" rowName={(t) => t.Name} loading={data === null} cardTestId="template-card" skeleton={{ className: 'max-w-48' }} />
      <ListFooter list={list} />
      <ConfirmRemoveDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        describe={(t) => `Sigur doriți să ștergeți template-ul „${t.Name}”? Îl veți putea restaura din „Recent șterse” timp de ${RESTORE_WINDOW_DAYS} de zile.`}
        remove={(t) => templatesApi.remove(t.Id)}
        success={TEMPLATE_TOASTS.deleted}
        reload={list.reload}
        errorText={errorToastText}
      />
      <DeletedItemsDialog
        open={showDeleted}
        onOpenChange={setShowDeleted}
        what="template-urile"
        nameHeader="Nume template"
        load={templatesApi.deleted}
        restore={templatesApi.restore}
        restoredToast={TEMPLATE_TOASTS.restored}
        errorMessage={errorToastText}
        onRestored={list.reload}
      />
      <SendToGroupsHost />
    </div>
  );
}
