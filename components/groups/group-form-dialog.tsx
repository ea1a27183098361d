'use client';

// Add or rename one group. The form parses with the same schema as the API.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addGroupSchema, type AddGroupInput } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export type GroupFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rename this group; without it a new group is added. */
  group?: { Id: number; Name: string } | null;
  onSaved: (group: { Id: number; Name: string }) => void;
};

export function GroupFormDialog({ open, onOpenChange, group, onSaved }: GroupFormDialogProps) {
  const form = useForm<AddGroupInput>({ resolver: zodResolver(addGroupSchema), defaultValues: { Name: group?.Name ?? '' } });
  const { reset } = form;
  React.useEffect(() => {
    // Forms are reset whenever their modal closes or opens on another group.
    reset({ Name: group?.Name ?? '' });
  }, [open, group, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (group) {
        await groupsApi.update({ Id: group.Id, Name: values.Name });
        showSuccessToast(GROUP_TOASTS.groupUpdated);
        onSaved({ Id: group.Id, Name: values.Name });
      } else {
        const created = await groupsApi.add(values.Name);
        showSuccessToast(GROUP_TOASTS.groupAdded);
        onSaved(created);
      }
      onOpenChange(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>{group ? 'Modifică grupul' : 'Adaugă grup'}</DialogTitle>
          <DialogDescription>Numele grupului are între 3 și 200 de caractere.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id="group-name" label="Nume grup" errors={[form.formState.errors.Name?.message]}>
            {(a11y) => <Input {...a11y} autoComplete="off" {...form.register('Name')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Renunță
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Salvează
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
