'use client';

// Adds many companies to one of the user's groups: the ticked cards or a whole search. The dialog
// says how many will be added before anything happens; the answer says how many were already there.
import * as React from 'react';
import { addedMessage } from '@/lib/prospecting/client';
import type { AddToGroupResult } from '@/lib/prospecting/types';
import type { GroupForEdit } from '@/lib/groups/types';
import { groupsApi, serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { formatNumber } from '@/lib/format';

export type AddToGroupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will be added, e.g. "Se vor adăuga 3.000 de companii." */
  description: string;
  add: (groupId: number) => Promise<AddToGroupResult>;
  onAdded?: (r: AddToGroupResult) => void;
};

export function AddToGroupDialog({ open, onOpenChange, title, description, add, onAdded }: AddToGroupDialogProps) {
  const [groups, setGroups] = React.useState<GroupForEdit[] | null>(null);
  const [groupId, setGroupId] = React.useState('');
  const [saving, setSaving] = React.useState(false);
  const id = React.useId();

  React.useEffect(() => {
    if (!open) return;
    let live = true;
    groupsApi.getGroupsForEdit().then(
      (list) => live && setGroups(list),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [open]);

  const close = (next: boolean) => {
    // The choice starts empty the next time it opens.
    if (!next) setGroupId('');
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!groupId) return;
    setSaving(true);
    try {
      const r = await add(Number(groupId));
      showSuccessToast(addedMessage(r));
      onAdded?.(r);
      close(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {groups === null ? (
          <Spinner label="Se încarcă grupurile" />
        ) : groups.length === 0 ? (
          <p className="text-sm">Nu aveți încă un grup în care să puteți adăuga companii. Creați unul din pagina Grupuri.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <span id={`${id}-label`} className="text-sm font-medium">
              Grupul
            </span>
            <Select value={groupId} onValueChange={setGroupId}>
              <SelectTrigger aria-labelledby={`${id}-label`} className="w-full">
                <SelectValue placeholder="Alegeți grupul" />
              </SelectTrigger>
              <SelectContent>
                {groups.map((g) => (
                  <SelectItem key={g.Id} value={String(g.Id)}>
                    {g.Name} ({formatNumber(g.CompaniesNumber)})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Renunță
          </Button>
          <Button type="button" disabled={!groupId || saving} onClick={() => void confirm()}>
            {saving ? 'Se adaugă…' : 'Adaugă'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
