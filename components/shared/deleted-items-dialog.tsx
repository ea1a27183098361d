'use client';

// "Recent șterse": the owner's groups or templates deleted in the last 30 days, newest deletion
// first, each with the date after which it can no longer be restored and a Restaurează button
// (docs/decisions/042). The list loads when the dialog opens; a failed load shows the error toast
// and an empty list. On a phone the button shows its icon only (its label stays for assistive
// technology), so a row fits without sideways scrolling.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { RotateCcw } from 'lucide-react';
import { formatDate, formatDateTime } from '@/lib/format';
import type { Paged } from '@/lib/shared/paged';
import { RESTORE_WINDOW_DAYS, type DeletedItem } from '@/lib/shared/restore';
import { DataTableCells, DataTableSkeletonRows } from '@/components/ui/data-table-body';
import { actionsColumn, DataTableCards, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListFooter } from '@/components/ui/list-footer';
import { Table, TableBody, TableRow } from '@/components/ui/table';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type DeletedItemsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "grupurile", "template-urile": what the list holds, in the description. */
  what: string;
  /** Column header of the name ("Nume grup", "Nume template"). */
  nameHeader: string;
  load: (page: number) => Promise<Paged<DeletedItem>>;
  restore: (id: number) => Promise<unknown>;
  restoredToast: string;
  errorMessage: (e: unknown) => string | undefined;
  /** After a restore: the page's own list reloads. */
  onRestored: () => void;
};

function DeletedItemsList({ nameHeader, load, restore, restoredToast, errorMessage, onRestored }: Omit<DeletedItemsDialogProps, 'open' | 'onOpenChange' | 'what'>) {
  const list = usePagedList((q) => load(q.PageNumber), { defaultOrder: '', onError: (e) => showErrorToast(errorMessage(e)) });
  const { data, reload } = list;
  const [busy, setBusy] = React.useState<number | null>(null);

  const columns = React.useMemo<ColumnDef<DeletedItem>[]>(() => {
    const restoreOne = async (item: DeletedItem) => {
      setBusy(item.Id);
      try {
        await restore(item.Id);
        showSuccessToast(restoredToast);
        reload();
        onRestored();
      } catch (e) {
        showErrorToast(errorMessage(e));
      } finally {
        setBusy(null);
      }
    };
    return [
      { id: 'Name', header: nameHeader, cell: ({ row }) => <span className="font-medium break-words whitespace-normal">{row.original.Name}</span>, meta: { card: 'title' } },
      {
        id: 'DeletedOn',
        header: 'Șters la',
        cell: ({ row }) => (
          <span className="flex flex-col tabular-nums">
            <span className="whitespace-nowrap">{formatDateTime(row.original.DeletedOn)}</span>
            <span className="text-xs text-muted-foreground">
              restaurabil până la <span className="whitespace-nowrap">{formatDate(row.original.RestorableUntil)}</span>
            </span>
          </span>
        ),
        meta: { card: 'subtitle' },
      },
      actionsColumn<DeletedItem>({
        actions: (item) => [
          { id: 'restore', label: 'Restaurează', ariaLabel: `Restaurează ${item.Name}`, icon: RotateCcw, withText: true, disabled: busy !== null, onSelect: () => void restoreOne(item) },
        ],
      }),
    ];
  }, [busy, errorMessage, nameHeader, onRestored, reload, restore, restoredToast]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });

  return (
    <div className="flex flex-col gap-3">
      <ResponsiveList cards={<DataTableCards table={table} label="Recent șterse" rowName={(r) => r.Name} loading={data === null} rowTestId="deleted-item" empty={null} />}>
      <Table aria-label="Recent șterse">
          <DataTableHeader table={table} isSortable={() => false} directionOf={() => null} onSort={() => undefined} />
          <TableBody>
            {data === null ? (
              <DataTableSkeletonRows columns={columns.length} rows={3} />
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id} data-testid="deleted-item">
                  <DataTableCells row={row} />
                </TableRow>
              ))
            )}
          </TableBody>
      </Table>
      </ResponsiveList>
      <ListFooter list={list} />
    </div>
  );
}

export function DeletedItemsDialog({ open, onOpenChange, what, ...rest }: DeletedItemsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Recent șterse</DialogTitle>
          <DialogDescription>
            {`Puteți restaura ${what} șterse de dumneavoastră în ultimele ${RESTORE_WINDOW_DAYS} de zile. După acest termen nu mai pot fi restaurate.`}
          </DialogDescription>
        </DialogHeader>
        {open ? <DeletedItemsList {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}
