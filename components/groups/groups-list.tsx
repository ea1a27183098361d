'use client';

// Group administration (/Grupuri-email): the groups the user sees, searchable, sortable, paged, with
// the row actions the user's rights allow.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ArchiveRestore, History, Info, LogOut, Mail, Pencil, Trash2, UserPlus, FolderPlus } from 'lucide-react';
import { GROUP_PAGE_SIZE } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import type { Group } from '@/lib/groups/types';
import { RESTORE_WINDOW_DAYS } from '@/lib/shared/restore';
import { groupDetailsPath } from '@/lib/groups/paths';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { ListFooter } from '@/components/ui/list-footer';
import { Table, TableBody } from '@/components/ui/table';
import { DataTablePageRows } from '@/components/ui/data-table-body';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList } from '@/components/ui/data-table-cards';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { DeletedItemsDialog } from '@/components/shared/deleted-items-dialog';
import { openSendToGroups, SendToGroupsHost } from './email-slots';
import { GroupFormDialog } from './group-form-dialog';
import { InviteDialog } from './invite-dialog';
import { MyInvitations } from './my-invitations';
import { directionOf, nextOrder } from '@/lib/shared/sort-order';

const errorText = (e: unknown) => serverMessage(e) ?? undefined;

const SORTABLE: Record<string, string> = { Name: 'Nume grup', CompaniesNumber: 'Număr firme', CreatedBy: 'Creat de', Role: 'Rol' };

export function GroupsList() {
  const list = usePagedList((q) => groupsApi.getGroups({ ...q, PageSize: GROUP_PAGE_SIZE }), {
    defaultOrder: 'Name',
    onError: (e) => showErrorToast(serverMessage(e) ?? undefined),
  });
  const { data, orderBy, reload } = list;
  const [checked, setChecked] = React.useState<Set<number>>(new Set());
  const [adding, setAdding] = React.useState(false);
  const [editing, setEditing] = React.useState<Group | null>(null);
  const [deleting, setDeleting] = React.useState<Group | null>(null);
  const [inviting, setInviting] = React.useState<Group | null>(null);
  const [leaving, setLeaving] = React.useState<Group | null>(null);
  const [showDeleted, setShowDeleted] = React.useState(false);

  const toggle = (id: number, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns = React.useMemo<ColumnDef<Group>[]>(
    () => [
      {
        id: 'Check',
        header: () => <span className="sr-only">Alege</span>,
        cell: ({ row }) =>
          row.original.CompaniesNumber > 0 ? (
            <Checkbox checked={checked.has(row.original.Id)} onCheckedChange={(v) => toggle(row.original.Id, v === true)} aria-label={`Alege grupul ${row.original.Name}`} />
          ) : null,
        meta: { card: 'select' },
      },
      { id: 'Name', header: SORTABLE.Name, cell: ({ row }) => <span className="inline-block min-w-32 font-medium">{row.original.Name}</span>, meta: { card: 'title' } },
      { id: 'CompaniesNumber', header: SORTABLE.CompaniesNumber, cell: ({ row }) => <span className="tabular-nums">{row.original.CompaniesNumber}</span> },
      { id: 'CreatedBy', header: SORTABLE.CreatedBy, cell: ({ row }) => row.original.CreatedBy },
      { id: 'Role', header: SORTABLE.Role, cell: ({ row }) => row.original.Role },
      actionsColumn<Group>({
        actions: (g) => [
          { id: 'details', label: 'Detalii grup', ariaLabel: `Detalii grup ${g.Name}`, icon: Info, href: groupDetailsPath(g) },
          { id: 'history', label: 'Istoric', ariaLabel: `Istoric ${g.Name}`, icon: History, href: groupDetailsPath(g, true) },
          ...(g.AccessToEdit ? [{ id: 'invite', label: 'Invită', ariaLabel: `Invită în ${g.Name}`, icon: UserPlus, onSelect: () => setInviting(g) }] : []),
          { id: 'send', label: 'Trimite email', ariaLabel: `Trimite email grupului ${g.Name}`, icon: Mail, disabled: g.CompaniesNumber === 0, onSelect: () => openSendToGroups([g.Id]) },
          ...(g.AccessToEdit ? [{ id: 'edit', label: 'Modifică', ariaLabel: `Modifică ${g.Name}`, icon: Pencil, onSelect: () => setEditing(g) }] : []),
          // Only the owner deletes a group; any other member may leave it (docs/decisions/041).
          g.Role === 'Autor'
            ? { id: 'delete', label: 'Șterge', ariaLabel: `Șterge ${g.Name}`, icon: Trash2, destructive: true, onSelect: () => setDeleting(g) }
            : { id: 'leave', label: 'Părăsește grupul', ariaLabel: `Părăsește grupul ${g.Name}`, icon: LogOut, onSelect: () => setLeaving(g) },
        ],
      }),
    ],
    [checked],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (g) => String(g.Id) });

  const remove = async () => {
    if (!deleting) return;
    try {
      await groupsApi.remove(deleting.Id);
      showSuccessToast(GROUP_TOASTS.groupDeleted);
      toggle(deleting.Id, false);
      reload();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  const leave = async () => {
    if (!leaving) return;
    try {
      await groupsApi.leaveGroup(leaving.Id);
      showSuccessToast(GROUP_TOASTS.groupLeft);
      toggle(leaving.Id, false);
      reload();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <MyInvitations onAccepted={reload} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <ListSearchForm id="groups-list-search" label="Căutare grupuri" placeholder="Caută un grup" list={list} className="flex-1" />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={checked.size === 0} onClick={() => openSendToGroups([...checked])}>
            <Mail aria-hidden="true" />
            Trimite email
          </Button>
          <Button variant="ghost" disabled={checked.size === 0} onClick={() => setChecked(new Set())}>
            debifează toate
          </Button>
          <Button variant="outline" onClick={() => setShowDeleted(true)}>
            <ArchiveRestore aria-hidden="true" />
            Recent șterse
          </Button>
          <Button onClick={() => setAdding(true)}>
            <FolderPlus aria-hidden="true" />
            Adaugă grup
          </Button>
        </div>
      </div>
      <SendToGroupsHost />
      <ResultCount count={data?.Count ?? null} />
      <ResponsiveList
        sort={
          <DataTableSortSelect
            options={[
              { key: 'Name', label: SORTABLE.Name },
              { key: 'CompaniesNumber', label: SORTABLE.CompaniesNumber },
              { key: 'CreatedBy', label: SORTABLE.CreatedBy },
            ]}
            value={orderBy}
            onChange={list.setOrder}
          />
        }
        cards={<DataTableCards table={table} label="Grupuri" rowName={(g) => g.Name} loading={data === null} rowTestId="group-card" />}
      >
      <Table>
        <DataTableHeader
          table={table}
          isSortable={(id) => !!SORTABLE[id]}
          // Rol sorts by the author, as the group list does.
          directionOf={(id) => (id === 'Role' ? null : directionOf(orderBy, id))}
          onSort={(id) => list.setOrder(nextOrder(orderBy, id === 'Role' ? 'CreatedBy' : id))}
        />
        <TableBody>
          <DataTablePageRows table={table} loading={data === null} skeleton={{ rows: 5 }} rowTestId="group-row" />
        </TableBody>
      </Table>
      </ResponsiveList>
      {/* Below the table like the other lists: inside a table scrolled sideways on a phone it was cut. */}
      <ListFooter list={list} />

      <GroupFormDialog open={adding} onOpenChange={setAdding} onSaved={reload} />
      <GroupFormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} group={editing} onSaved={reload} />
      <InviteDialog group={inviting} onOpenChange={(o) => !o && setInviting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        description={`Sigur doriți să ștergeți grupul „${deleting?.Name ?? ''}”? Îl veți putea restaura din „Recent șterse” timp de ${RESTORE_WINDOW_DAYS} de zile.`}
        onConfirm={remove}
      />
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(o) => !o && setLeaving(null)}
        description={`Sigur doriți să părăsiți grupul „${leaving?.Name ?? ''}”? Veți putea reveni doar printr-o nouă invitație.`}
        confirmText="Părăsește"
        onConfirm={leave}
      />
      <DeletedItemsDialog
        open={showDeleted}
        onOpenChange={setShowDeleted}
        what="grupurile"
        nameHeader="Nume grup"
        load={groupsApi.getDeletedGroups}
        restore={groupsApi.restoreGroup}
        restoredToast={GROUP_TOASTS.groupRestored}
        errorMessage={errorText}
        onRestored={reload}
      />
    </div>
  );
}
