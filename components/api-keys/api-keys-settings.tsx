'use client';

// "Chei API" (issue 29; docs/decisions/066): the signed-in user creates a key (name, write scope,
// browser origins), sees its secret once with a copy button, lists their keys, changes a key's
// origins later and revokes one after a confirmation. The forms parse the server's own schemas
// (lib/api-keys/schemas.ts).
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Ban, Globe } from 'lucide-react';
import { apiKeyFormSchema, createRequestOf, type ApiKeyForm, type ApiKeyItem, type CreatedApiKey } from '@/lib/api-keys/schemas';
import { apiKeysApi } from '@/lib/api-keys/client';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PagedTable, usePagedData } from '@/components/privacy/paged-table';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { SecretOnce, type SecretOnceTexts } from '@/components/shared/secret-once';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { apiKeyColumns } from './api-key-columns';
import { OriginsDialog, OriginsField, showFailure } from './origins-dialog';

const EMPTY_FORM: ApiKeyForm = { Name: '', Write: false, Origins: '' };

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<ApiKeyForm>({ resolver: zodResolver(apiKeyFormSchema), defaultValues: EMPTY_FORM });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await apiKeysApi.create(createRequestOf(values));
      form.reset(EMPTY_FORM);
      onCreated(created);
    } catch (e) {
      showFailure(e, setFailure);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Creează o cheie API">
      <FormAlert message={failure} />
      <FormField id="api-key-name" label="Numele cheii" errors={[errors.Name?.message]}>
        {(a11y) => <Input autoComplete="off" placeholder="De exemplu: Integrare CRM" {...a11y} {...form.register('Name')} />}
      </FormField>
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name="Write"
          render={({ field }) => <Checkbox id="api-key-write" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} aria-describedby="api-key-write-help" />}
        />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor="api-key-write">Permite și modificări (drept de scriere)</Label>
          <p id="api-key-write-help" className="text-sm text-muted-foreground">
            Fără el, cheia doar citește: companii, căutare, CAEN, date financiare, licitații, proiecte europene și grupurile dumneavoastră.
          </p>
        </div>
      </div>
      <OriginsField id="api-key-origins" label="Origini permise din browser (opțional)" rows={2} error={errors.Origins?.message} field={form.register('Origins')} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? <Spinner size="sm" className="text-current" label="Se creează" /> : null}
        Creează cheia
      </Button>
    </form>
  );
}

/** The secret, shown once. */
function NewSecret({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const texts: SecretOnceTexts = {
    title: <>Cheia „{created.Key.Name}” a fost creată</>,
    explanation: 'Copiați-o acum: din motive de securitate nu o vom mai afișa. Dacă o pierdeți, revocați-o și creați alta.',
    copyLabel: 'Copiază cheia',
    copied: 'Cheia a fost copiată.',
    copyFailed: 'Cheia nu a putut fi copiată: selectați-o și copiați-o manual.',
    dismissLabel: 'Am salvat cheia',
  };
  return <SecretOnce secret={created.Secret} texts={texts} testId="api-key-secret" onDismiss={onDismiss} />;
}

export function ApiKeysSettings() {
  const [page, setPage] = React.useState(1);
  const [version, setVersion] = React.useState(0);
  const [created, setCreated] = React.useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = React.useState<ApiKeyItem | null>(null);
  const [editing, setEditing] = React.useState<ApiKeyItem | null>(null);
  const data = usePagedData('GET /api/ApiKey/getMyKeys', { PageNumber: page }, version);

  const columns = React.useMemo<ColumnDef<ApiKeyItem>[]>(
    () => [
      ...apiKeyColumns<ApiKeyItem>(),
      actionsColumn<ApiKeyItem>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (k) =>
          k.RevokedAt
            ? []
            : [
                { id: 'origins', label: 'Origini', ariaLabel: `Origini pentru cheia ${k.Name}`, icon: Globe, withText: true, onSelect: () => setEditing(k) },
                { id: 'revoke', label: 'Revocă', ariaLabel: `Revocă cheia ${k.Name}`, icon: Ban, withText: true, destructive: true, onSelect: () => setRevoking(k) },
              ],
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });


  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="api-key-create-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6">
        <h2 id="api-key-create-title" className="text-lg font-semibold">
          Cheie nouă
        </h2>
        <p className="text-sm text-muted-foreground">
          Trimiteți cheia în antetul <code>X-API-Key</code> la adresele <code>/api/v1/…</code>. Cheia acționează în numele contului dumneavoastră.
        </p>
        {created ? (
          <NewSecret created={created} onDismiss={() => setCreated(null)} />
        ) : (
          <CreateKeyForm
            onCreated={(c) => {
              setCreated(c);
              setPage(1);
              setVersion((v) => v + 1);
            }}
          />
        )}
      </section>
      <section aria-labelledby="api-key-list-title" className="flex flex-col gap-4">
        <h2 id="api-key-list-title" className="text-lg font-semibold">
          Cheile mele
        </h2>
        <PagedTable table={table} data={data} page={page} onPage={setPage} rowTestId="api-key-row" scrollLabel="Cheile API" cards={{ label: 'Cheile mele', rowName: (k) => k.Name }} />
      </section>
      <OriginsDialog
        apiKey={editing}
        describe={(k) => `Paginile de pe aceste origini pot folosi cheia „${k.Name}” din browser.`}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setVersion((v) => v + 1);
        }}
      />
      <ConfirmRemoveDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        describe={(k) => `Sigur doriți să revocați cheia „${k.Name}”? Aplicațiile care o folosesc primesc imediat 401.`}
        remove={(k) => apiKeysApi.revoke(k.Id)}
        success="Cheia a fost revocată."
        reload={() => setVersion((v) => v + 1)}
        errorText={() => undefined}
      />
    </div>
  );
}
