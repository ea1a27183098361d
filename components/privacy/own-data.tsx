'use client';

// "Datele tale" on the account page: download everything the account holds, or erase the account
// (the password confirms it; what is erased and what is kept: docs/decisions/017 and 060).
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Download, Trash2 } from 'lucide-react';
import { OWN_DATA_TEXTS, deleteMyAccountSchema, type DeleteMyAccountInput } from '@/lib/privacy/own-data';
import { ApiError, apiCall } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { useAuth } from '@/components/auth/auth-provider';
import { showErrorToast, toast } from '@/components/layout/toaster';

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { signOut } = useAuth();
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<DeleteMyAccountInput, unknown, z.output<typeof deleteMyAccountSchema>>({ resolver: zodResolver(deleteMyAccountSchema), defaultValues: { Password: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiCall('POST /api/Account/deleteMyAccount', { body: values, background: true });
      toast.success(OWN_DATA_TEXTS.deleted);
      onOpenChange(false);
      await signOut();
    } catch (e) {
      const fieldError = e instanceof ApiError ? e.body?.Errors?.Password?.[0] : undefined;
      if (fieldError) form.setError('Password', { message: fieldError });
      else setFailure(e instanceof ApiError && e.body?.Message ? e.body.Message : OWN_DATA_TEXTS.deleteFailed);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[520px]" data-testid="delete-account-modal">
        <DialogHeader>
          <DialogTitle>Șterge contul</DialogTitle>
          <DialogDescription>
            Numele, e-mailul, parola, sesiunile, șabloanele, ciornele și contactele private se șterg definitiv. Grupurile pe care le folosesc și alții trec la un
            alt membru; comentariile și campaniile trimise rămân, cu autorul „Utilizator șters”.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <FormField id="delete-account-password" label="Parola actuală" errors={[errors.Password?.message]}>
            {(a11y) => <Input type="password" autoComplete="current-password" {...a11y} {...form.register('Password')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Renunță
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? <Spinner size="sm" className="text-current" label="Se șterge" /> : null}
              Șterge contul definitiv
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function OwnData() {
  const [busy, setBusy] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await apiCall('GET /api/Account/exportMyData', { background: true });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `radarfirme-datele-mele-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      showErrorToast(OWN_DATA_TEXTS.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="own-data-title" className="mt-10 flex flex-col gap-3 border-t pt-6">
      <h2 id="own-data-title" className="text-lg font-semibold">
        Datele tale
      </h2>
      <p className="text-sm text-muted-foreground">
        Descarcă un fișier JSON cu contul, grupurile, comentariile, contactele, șabloanele, ciornele și campaniile tale, sau șterge contul. Detalii pe{' '}
        <a href="/date-personale" className="text-primary underline underline-offset-4">
          pagina despre date personale
        </a>
        .
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} disabled={busy}>
          {busy ? <Spinner size="sm" className="text-current" label="Se pregătește" /> : <Download aria-hidden="true" />}
          Descarcă datele mele
        </Button>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Șterge contul
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}
