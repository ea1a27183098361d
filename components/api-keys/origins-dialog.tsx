'use client';

// A key's browser origins (CORS, docs/decisions/067 and 072), edited by its owner on /Chei-API and
// by an Admin in the list of every key. The text field parses the server's own origin schema
// (lib/api-keys/schemas.ts): the same Romanian messages on both sides.
import * as React from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyOriginsFormSchema, originsTextOf, splitOrigins, type ApiKeyItem, type ApiKeyOriginsForm } from '@/lib/api-keys/schemas';
import { apiCall, ApiError } from '@/lib/api/client';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';
import { Textarea } from '@/components/ui/textarea';

const ORIGINS_HELP = 'Una pe linie, exact cum o trimite browserul: https://app.exemplu.ro (http doar pentru localhost), cel mult 10. Fără origini, cheia nu poate fi folosită din browser.';

/** The origins text field with its help line (the create form and the dialog). */
export function OriginsField({ id, label, rows, error, field }: { id: string; label: string; rows: number; error?: string; field: UseFormRegisterReturn }) {
  const helpId = `${id}-help`;
  return (
    <>
      <FormField id={id} label={label} errors={[error]}>
        {(a11y) => <Textarea rows={rows} placeholder="https://aplicatia-mea.ro" {...a11y} aria-describedby={[a11y['aria-describedby'], helpId].filter(Boolean).join(' ')} {...field} />}
      </FormField>
      <p id={helpId} className="-mt-2 text-sm text-muted-foreground">
        {ORIGINS_HELP}
      </p>
    </>
  );
}

/** A refused save: the server's Romanian message in the form, anything else as a toast. */
export function showFailure(e: unknown, setFailure: (message: string) => void) {
  if (e instanceof ApiError && e.body?.Message) setFailure(e.body.Message);
  else showErrorToast();
}

/** A dialog's save: the call, then its success toast and close, or the refusal in the form. */
export async function saveInDialog(save: () => Promise<unknown>, success: string, onSaved: () => void, setFailure: (message: string | null) => void) {
  setFailure(null);
  try {
    await save();
    showSuccessToast(success);
    onSaved();
  } catch (e) {
    showFailure(e, setFailure);
  }
}

function OriginsForm({ apiKey, onSaved, onCancel }: { apiKey: ApiKeyItem; onSaved: () => void; onCancel: () => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<ApiKeyOriginsForm>({ resolver: zodResolver(apiKeyOriginsFormSchema), defaultValues: { Origins: originsTextOf(apiKey.AllowedOrigins) } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    saveInDialog(() => apiCall('PUT /api/ApiKey/updateOrigins', { body: { Id: apiKey.Id, AllowedOrigins: splitOrigins(values.Origins) } }), 'Originile cheii au fost salvate.', onSaved, setFailure),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Originile cheii">
      <OriginsField id="api-key-edit-origins" label="Origini permise din browser" rows={4} error={errors.Origins?.message} field={form.register('Origins')} />
      <FormAlert message={failure} />
      <FormDialogFooter onCancel={onCancel} submitting={isSubmitting} />
    </form>
  );
}

/** The dialog around the form; `describe` names the key (and its owner, for the Admin). */
export function OriginsDialog<T extends ApiKeyItem>({ apiKey, describe, onClose, onSaved }: { apiKey: T | null; describe: (k: T) => string; onClose: () => void; onSaved: () => void }) {
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="api-key-origins-dialog">
        <DialogHeader>
          <DialogTitle>Originile cheii</DialogTitle>
          <DialogDescription>{apiKey ? describe(apiKey) : ''}</DialogDescription>
        </DialogHeader>
        {apiKey && <OriginsForm key={apiKey.Id} apiKey={apiKey} onCancel={onClose} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}
