'use client';

// A one-field name form in a dialog (adding or renaming a group, saving or renaming a saved
// search). The form parses with the same schema as the API it calls.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type NameValues = { Name: string };

/**
 * "Renunță" and the form's submit button, as every form dialog ends. `formId`: the footer stands
 * outside the form it submits (a dialog whose form scrolls above it).
 */
export function FormDialogFooter({ onCancel, submitting, submitText = 'Salvează', formId }: { onCancel: () => void; submitting: boolean; submitText?: string; formId?: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Renunță
      </Button>
      <Button type="submit" form={formId} disabled={submitting}>
        {submitText}
      </Button>
    </DialogFooter>
  );
}

export type NameFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The input's id and label. */
  fieldId: string;
  label: string;
  schema: z.ZodType<NameValues, NameValues>;
  initialName: string;
  /** Saves the name; answers the success toast's text. */
  save: (name: string) => Promise<string>;
};

export function NameFormDialog({ open, onOpenChange, title, description, fieldId, label, schema, initialName, save }: NameFormDialogProps) {
  const form = useForm<NameValues>({ resolver: zodResolver(schema), defaultValues: { Name: initialName } });
  const { reset } = form;
  // Forms are reset whenever their modal closes or opens on another item.
  React.useEffect(() => reset({ Name: initialName }), [open, initialName, reset]);
  const submit = form.handleSubmit(async ({ Name }) => {
    try {
      showSuccessToast(await save(Name));
      onOpenChange(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* One field: a box fits a phone, keyboard included; no full-screen sheet. */}
      <DialogContent size="area" variant="center">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id={fieldId} label={label} errors={[form.formState.errors.Name?.message]}>
            {(a11y) => <Input {...a11y} autoComplete="off" {...form.register('Name')} />}
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitting={form.formState.isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
