'use client';

// The members of a group. Editors change a member's access or remove them; the owner's row is
// fixed. Everyone else sees the read-only list "Utilizatorii din grupul …".
import * as React from 'react';
import { Trash2 } from 'lucide-react';
import { ACCESS_LABELS, type AccessLevel } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import type { GroupMember, Permission } from '@/lib/groups/types';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

/** A member's access level, chosen among the levels of getPermisions (the members list and the invite form). */
export function AccessLevelSelect({
  levels,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<typeof OptionSelect>, 'options' | 'onValueChange'> & { levels: Permission[]; onValueChange: (access: AccessLevel) => void }) {
  return <OptionSelect {...props} options={levels.map((l) => ({ value: l.Id, label: l.Name }))} onValueChange={(v) => onValueChange(v as AccessLevel)} />;
}

export function MembersDialog({
  group,
  canEdit,
  onOpenChange,
}: {
  group: { Id: number; Name: string } | null;
  canEdit: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={group !== null} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>{canEdit ? 'Membrii grupului' : `Utilizatorii din grupul ${group?.Name ?? ''}`}</DialogTitle>
          <DialogDescription>{canEdit ? `Drepturile membrilor grupului „${group?.Name ?? ''}”.` : 'Lista membrilor și a drepturilor lor.'}</DialogDescription>
        </DialogHeader>
        {group ? <MembersList groupId={group.Id} canEdit={canEdit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The members and their access. The members dialog shows it, and so does the invite dialog of the
 * Grupuri page (spec 002 §2.2: one "invite/members" modal). Editors change a member's access or
 * remove them; the owner's row is fixed.
 */
export function MembersList({ groupId, canEdit }: { groupId: number; canEdit: boolean }) {
  const [loaded, setLoaded] = React.useState<{ groupId: number; members: GroupMember[] } | null>(null);
  const [levels, setLevels] = React.useState<Permission[]>([]);
  const [removing, setRemoving] = React.useState<GroupMember | null>(null);

  const members = loaded && loaded.groupId === groupId ? loaded.members : null;

  const load = React.useCallback(() => {
    return groupsApi.getGroupMembers(groupId).then(
      (list) => setLoaded({ groupId, members: list }),
      (e) => {
        setLoaded({ groupId, members: [] });
        showErrorToast(serverMessage(e) ?? undefined);
      },
    );
  }, [groupId]);

  React.useEffect(() => {
    void load();
    if (canEdit) groupsApi.getPermisions().then(setLevels, () => setLevels([]));
  }, [load, canEdit]);

  const change = async (m: GroupMember, access: AccessLevel) => {
    try {
      await groupsApi.editGroupMember(m.Id, access);
      showSuccessToast(GROUP_TOASTS.memberUpdated);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await groupsApi.virtualDeleteGroupMember(removing.Id);
      showSuccessToast(GROUP_TOASTS.memberRemoved);
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <>
      {members === null ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Membri">
          {members.map((m) => (
            <li key={m.Id} className="flex flex-wrap items-center gap-2 py-2" data-testid="group-member">
              <span className="min-w-0 flex-1 truncate font-medium">{m.UserName}</span>
              {m.IsOwner ? (
                <span className="text-sm text-muted-foreground">Autor</span>
              ) : canEdit ? (
                <>
                  <label htmlFor={`member-access-${m.Id}`} className="sr-only">
                    Acces pentru {m.UserName}
                  </label>
                  <AccessLevelSelect id={`member-access-${m.Id}`} className="w-40" levels={levels} value={m.Access} onValueChange={(v) => void change(m, v)} />
                  <Button variant="ghost" size="icon-sm" aria-label={`Elimină pe ${m.UserName} din grup`} onClick={() => setRemoving(m)}>
                    <Trash2 aria-hidden="true" className="text-destructive" />
                  </Button>
                </>
              ) : (
                <span className="text-sm text-muted-foreground">Membru · {ACCESS_LABELS[m.Access]}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        description={`Sigur doriți să îl eliminați pe ${removing?.UserName ?? ''} din grup?`}
        onConfirm={remove}
      />
    </>
  );
}
