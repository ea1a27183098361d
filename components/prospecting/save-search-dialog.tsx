'use client';

// "Salvează căutarea": the current filters under a name (docs/decisions/056).
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { savedSearchNameFormSchema } from '@/lib/prospecting/schemas';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type NameInput = z.infer<typeof savedSearchNameFormSchema>;

export type NameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initialName?: string;
  successText: string;
  save: (name: string) => Promise<unknown>;
};

/** A one-field name form in a dialog: saving and renaming a saved search. */
export function SavedSearchNameDialog({ open, onOpenChange, title, description, initialName = '', successText, save }: NameDialogProps) {
  const form = useForm<NameInput>({ resolver: zodResolver(savedSearchNameFormSchema), defaultValues: { Name: initialName } });
  const { reset } = form;
  React.useEffect(() => reset({ Name: initialName }), [open, initialName, reset]);
  const submit = form.handleSubmit(async ({ Name }) => {
    try {
      await save(Name);
      showSuccessToast(successText);
      onOpenChange(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id="saved-search-name" label="Numele căutării" errors={[form.formState.errors.Name?.message]}>
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
