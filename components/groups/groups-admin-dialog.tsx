'use client';

// Group administration: every group the user may change, renamed inline. Changed inputs are
// highlighted; only changed rows are sent, without their company counts; nothing changed → a warning.
import * as React from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Trash2 } from 'lucide-react';
import { updateGroupsSchema } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import type { GroupForEdit } from '@/lib/groups/types';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { showErrorToast, showSuccessToast, toast } from '@/components/layout/toaster';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';

const formSchema = z.object({ Groups: updateGroupsSchema });
type FormValues = z.input<typeof formSchema>;

export function GroupsAdminDialog({ open, onOpenChange, onChanged }: { open: boolean; onOpenChange: (open: boolean) => void; onChanged: () => void }) {
  const [groups, setGroups] = React.useState<GroupForEdit[] | null>(null);
  const [deleting, setDeleting] = React.useState<GroupForEdit | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { Groups: [] } });
  const { fields } = useFieldArray({ control: form.control, name: 'Groups', keyName: 'key' });
  const { reset } = form;

  const load = React.useCallback(
    () =>
      groupsApi.getGroupsForEdit().then(
        (list) => {
          setGroups(list);
          reset({ Groups: list.map((g) => ({ Id: g.Id, Name: g.Name })) });
        },
        (e) => {
          setGroups([]);
          showErrorToast(serverMessage(e) ?? undefined);
        },
      ),
    [reset],
  );

  React.useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const close = (next: boolean) => {
    if (!next) {
      // The form is reset when its modal closes.
      setGroups(null);
      reset({ Groups: [] });
    }
    onOpenChange(next);
  };

  const values = useWatch({ control: form.control, name: 'Groups' });
  const original = new Map((groups ?? []).map((g) => [g.Id, g.Name]));
  const isChanged = (i: number) => values?.[i] && original.get(Number(values[i].Id)) !== values[i].Name;

  const submit = form.handleSubmit(async (v) => {
    const parsed = formSchema.parse(v);
    const changed = parsed.Groups.filter((g) => original.get(g.Id) !== g.Name);
    if (changed.length === 0) {
      toast.warning(GROUP_TOASTS.noChanges);
      return;
    }
    try {
      await groupsApi.updateRange(changed);
      showSuccessToast(GROUP_TOASTS.groupsUpdated);
      onChanged();
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await groupsApi.remove(deleting.Id);
      showSuccessToast(GROUP_TOASTS.groupDeleted);
      onChanged();
      await load();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  const errors = form.formState.errors.Groups;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Administrare grupuri</DialogTitle>
          <DialogDescription>Modificați numele grupurilor pe care le puteți edita, apoi salvați.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          {groups === null ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10" />
              ))}
            </div>
          ) : fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nu există elemente!</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {fields.map((f, i) => {
                const g = groups.find((x) => x.Id === f.Id);
                const message = errors?.[i]?.Name?.message;
                return (
                  <li key={f.key} className="flex flex-col gap-1">
                    <div className="flex items-center gap-2">
                      <label htmlFor={`admin-group-${f.Id}`} className="sr-only">
                        Nume grup
                      </label>
                      <Input
                        id={`admin-group-${f.Id}`}
                        aria-invalid={!!message}
                        aria-describedby={message ? `admin-group-${f.Id}-error` : undefined}
                        className={cn('min-w-0 flex-1', isChanged(i) && 'border-primary bg-primary/5')}
                        data-changed={isChanged(i) ? 'true' : undefined}
                        {...form.register(`Groups.${i}.Name`)}
                      />
                      <span className="w-20 shrink-0 text-right text-sm text-muted-foreground tabular-nums">{g?.CompaniesNumber ?? 0} firme</span>
                      {/* Only the owner deletes (docs/decisions/041); an editor only renames here. */}
                      {g?.IsOwner ? (
                        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Șterge grupul ${g.Name}`} onClick={() => setDeleting(g)}>
                          <Trash2 aria-hidden="true" className="text-destructive" />
                        </Button>
                      ) : (
                        <span className="size-8 shrink-0" aria-hidden="true" />
                      )}
                    </div>
                    {message ? (
                      <p id={`admin-group-${f.Id}-error`} className="text-sm text-destructive">
                        {message}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <FormDialogFooter onCancel={() => close(false)} submitting={form.formState.isSubmitting || groups === null} />
        </form>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(o) => !o && setDeleting(null)}
          description={`Sigur doriți să ștergeți grupul „${deleting?.Name ?? ''}”?`}
          onConfirm={remove}
        />
      </DialogContent>
    </Dialog>
  );
}
