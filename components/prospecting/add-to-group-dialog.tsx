'use client';

// Adds many companies to one of the user's groups: the ticked cards or a whole search. The dialog
// says how many will be added before anything happens; the answer says how many were already there.
// With a CRM connected, the companies can go into it too (decision 117): the ticked ones by CUI, or
// for a whole search the chosen group.
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
import { crmApi } from '@/lib/crm/client';
import type { CrmProvider } from '@/lib/crm/schemas';
import { CrmPushChoice, pushToChosenCrms, useConnectedCrms } from '@/components/crm/crm-push-choice';

export type AddToGroupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will be added, e.g. "Se vor adăuga 3.000 de companii." */
  description: string;
  add: (groupId: number) => Promise<AddToGroupResult>;
  onAdded?: (r: AddToGroupResult) => void;
  /** The ticked companies, pushed by CUI when the user also sends them to a CRM; without them the chosen group is pushed. */
  crmCuis?: number[];
};

export function AddToGroupDialog({ open, onOpenChange, title, description, add, onAdded, crmCuis }: AddToGroupDialogProps) {
  const crms = useConnectedCrms(open);
  const [toCrm, setToCrm] = React.useState<Set<CrmProvider>>(new Set());
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
    if (!next) {
      setGroupId('');
      setToCrm(new Set());
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!groupId) return;
    setSaving(true);
    try {
      const r = await add(Number(groupId));
      showSuccessToast(addedMessage(r));
      // Only after the group has them: a failed push leaves the group as it is, with its own toast.
      await pushToChosenCrms(toCrm, (p) => (crmCuis?.length ? crmApi.pushCompanies(p, crmCuis) : crmApi.pushGroups(p, [Number(groupId)])));
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
            <CrmPushChoice providers={crms} chosen={toCrm} onChange={setToCrm} />
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
