'use client';

// The pending invitations of a group, for its owner and editors (docs/decisions/041): who was
// invited, at which level, by whom, until when the link works; Retrimite sends a new link with a
// new 7-day term (the old link stops working), Revocă kills the link after a confirmation.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Send, XCircle } from 'lucide-react';
import { formatDate, formatDateTime } from '@/lib/format';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import { ACCESS_LABELS } from '@/lib/groups/schemas';
import type { PendingInvitation } from '@/lib/groups/types';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTableCells, DataTableSkeletonRows } from '@/components/ui/data-table-body';
import { actionsColumn, DataTableCards, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListFooter } from '@/components/ui/list-footer';
import { Table, TableBody, TableRow } from '@/components/ui/table';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

function InvitationsTable({ groupId }: { groupId: number }) {
  const list = usePagedList((q) => groupsApi.getGroupInvitations(groupId, q.PageNumber), {
    defaultOrder: '',
    onError: (e) => showErrorToast(serverMessage(e) ?? undefined),
  });
  const { data, reload } = list;
  const [busy, setBusy] = React.useState<string | null>(null);
  const [revoking, setRevoking] = React.useState<PendingInvitation | null>(null);

  const columns = React.useMemo<ColumnDef<PendingInvitation>[]>(() => {
    const resend = async (inv: PendingInvitation) => {
      setBusy(inv.Id);
      try {
        await groupsApi.resendInvite(inv.Id);
        showSuccessToast(GROUP_TOASTS.inviteResent);
        reload();
      } catch (e) {
        showErrorToast(serverMessage(e) ?? undefined);
      } finally {
        setBusy(null);
      }
    };
    return [
      { id: 'Email', header: 'Email', cell: ({ row }) => <span className="inline-block min-w-44 font-medium break-all">{row.original.Email}</span>, meta: { card: 'title' } },
      { id: 'Access', header: 'Acces', cell: ({ row }) => ACCESS_LABELS[row.original.Access] },
      { id: 'InvitedBy', header: 'Trimisă de', cell: ({ row }) => row.original.InvitedBy },
      { id: 'SentOn', header: 'Trimisă la', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.SentOn)}</span> },
      {
        id: 'ExpiresOn',
        header: 'Valabilă până la',
        cell: ({ row }) =>
          row.original.IsExpired ? (
            <Badge variant="secondary">Expirată</Badge>
          ) : (
            <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.ExpiresOn)}</span>
          ),
      },
      actionsColumn<PendingInvitation>({
        actions: (inv) => [
          { id: 'resend', label: 'Retrimite', ariaLabel: `Retrimite invitația către ${inv.Email}`, icon: Send, withText: true, disabled: busy !== null, onSelect: () => void resend(inv) },
          { id: 'revoke', label: 'Revocă', ariaLabel: `Revocă invitația către ${inv.Email}`, icon: XCircle, withText: true, buttonVariant: 'ghost', destructive: true, disabled: busy !== null, onSelect: () => setRevoking(inv) },
        ],
      }),
    ];
  }, [busy, reload]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.Id });

  const revoke = async () => {
    if (!revoking) return;
    try {
      await groupsApi.revokeInvite(revoking.Id);
      showSuccessToast(GROUP_TOASTS.inviteRevoked);
      reload();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ResponsiveList cards={<DataTableCards table={table} label="Invitații în așteptare" rowName={(r) => r.Email} loading={data === null} rowTestId="pending-invitation" empty={null} />}>
      <Table aria-label="Invitații în așteptare">
        <DataTableHeader table={table} isSortable={() => false} directionOf={() => null} onSort={() => undefined} />
        <TableBody>
          {data === null ? (
            <DataTableSkeletonRows columns={columns.length} rows={3} />
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-testid="pending-invitation">
                <DataTableCells row={row} />
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      </ResponsiveList>
      <ListFooter list={list} emptyTitle="Nu există invitații în așteptare." />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        description={`Sigur doriți să revocați invitația trimisă către ${revoking?.Email ?? ''}? Link-ul din email nu va mai funcționa.`}
        onConfirm={revoke}
      />
    </div>
  );
}

export function PendingInvitationsDialog({ group, onOpenChange }: { group: { Id: number; Name: string } | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={group !== null} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Invitații în așteptare</DialogTitle>
          <DialogDescription>{`Invitațiile trimise pentru grupul „${group?.Name ?? ''}” la care nu s-a răspuns încă. Retrimite trimite un link nou, valabil 7 zile; link-ul vechi nu mai funcționează.`}</DialogDescription>
        </DialogHeader>
        {group ? <InvitationsTable groupId={group.Id} /> : null}
      </DialogContent>
    </Dialog>
  );
}
