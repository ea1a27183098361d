'use client';

// "Webhook-uri" (issue 50; docs/decisions/096): the signed-in user adds an endpoint (address,
// description, events), sees its signing secret once, lists their endpoints, sends a sample event,
// rotates a secret, turns an endpoint off or back on, deletes one, and reads an endpoint's delivery
// log with the answer codes and a "Retrimite" button. The form parses the server's own schema
// (lib/webhooks/schemas.ts).
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { KeyRound, Pause, Play, RotateCcw, ScrollText, Send, Trash2 } from 'lucide-react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/lib/webhooks/events';
import {
  createWebhookSchema,
  WEBHOOK_STATUS_LABELS,
  type CreatedWebhook,
  type CreateWebhookInput,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from '@/lib/webhooks/schemas';
import { webhooksApi } from '@/lib/webhooks/client';
import { formatDateTime } from '@/lib/format';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PagedTable, usePagedData } from '@/components/privacy/paged-table';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { SecretOnce, type SecretOnceTexts } from '@/components/shared/secret-once';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { actionsColumn } from '@/components/ui/data-table-cards';

const EMPTY_FORM: CreateWebhookInput = { Url: '', Description: '', Events: [] };

function EventsField({ value, onChange, error }: { value: WebhookEventType[]; onChange: (v: WebhookEventType[]) => void; error?: string }) {
  const toggle = (type: WebhookEventType, on: boolean) => onChange(on ? [...value, type] : value.filter((t) => t !== type));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">Evenimente</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <div key={type} className="flex items-start gap-2">
          <Checkbox id={`webhook-event-${type}`} checked={value.includes(type)} onCheckedChange={(v) => toggle(type, v === true)} />
          <Label htmlFor={`webhook-event-${type}`} className="font-normal">
            {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-muted-foreground">{type}</code>
          </Label>
        </div>
      ))}
      {error ? (
        <p id="webhook-events-error" className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<CreateWebhookInput>({ resolver: zodResolver(createWebhookSchema), defaultValues: EMPTY_FORM });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await webhooksApi.create(values);
      form.reset(EMPTY_FORM);
      onCreated(created);
    } catch (e) {
      showFailure(e, setFailure);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Adaugă un webhook">
      <FormAlert message={failure} />
      <FormField id="webhook-url" label="Adresa (URL)" errors={[errors.Url?.message]}>
        {(a11y) => <Input type="url" autoComplete="off" placeholder="https://exemplu.ro/webhooks/radarfirme" {...a11y} {...form.register('Url')} />}
      </FormField>
      <FormField id="webhook-description" label="Descriere (opțional)" errors={[errors.Description?.message]}>
        {(a11y) => <Input autoComplete="off" placeholder="De exemplu: CRM-ul echipei de vânzări" {...a11y} {...form.register('Description')} />}
      </FormField>
      <Controller
        control={form.control}
        name="Events"
        render={({ field }) => <EventsField value={field.value as WebhookEventType[]} onChange={field.onChange} error={errors.Events?.message} />}
      />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? <Spinner size="sm" className="text-current" label="Se adaugă" /> : null}
        Adaugă webhook-ul
      </Button>
    </form>
  );
}

/** The signing secret, shown once. */
function NewSecret({ created, onDismiss }: { created: CreatedWebhook; onDismiss: () => void }) {
  const texts: SecretOnceTexts = {
    title: <>Secretul de semnare pentru {created.Endpoint.Url}</>,
    explanation: (
      <>
        Copiați-l acum: din motive de securitate nu îl vom mai afișa. Cu el verificați antetul <code>webhook-signature</code> (schema Standard Webhooks). Dacă îl pierdeți, generați unul nou.
      </>
    ),
    copyLabel: 'Copiază secretul',
    copied: 'Secretul a fost copiat.',
    copyFailed: 'Secretul nu a putut fi copiat: selectați-l și copiați-l manual.',
    dismissLabel: 'Am salvat secretul',
  };
  return <SecretOnce secret={created.Secret} texts={texts} testId="webhook-secret" onDismiss={onDismiss} />;
}

/** `outer`: the page's reload counter, so a test sent from the list shows up here. */
function DeliveryLog({ endpoint, outer }: { endpoint: WebhookEndpointItem; outer: number }) {
  const [page, setPage] = React.useState(1);
  const [version, setVersion] = React.useState(0);
  const data = usePagedData('GET /api/Webhook/getDeliveries', { EndpointId: endpoint.Id, PageNumber: page }, version * 10_000 + outer);
  const resend = React.useCallback(async (d: WebhookDeliveryItem) => {
    try {
      const after = await webhooksApi.resend(d.Id);
      if (after.Status === 'Delivered') showSuccessToast('Evenimentul a fost retrimis și primit.');
      else showErrorToast(`Retrimiterea nu a reușit (${after.LastStatus ?? after.LastError ?? 'fără răspuns'}); se va reîncerca automat.`);
    } catch {
      showErrorToast();
    }
    setVersion((v) => v + 1);
  }, []);
  const columns = React.useMemo<ColumnDef<WebhookDeliveryItem>[]>(
    () => [
      { id: 'created', header: 'Creat', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.CreatedAt)}</span> },
      { id: 'event', header: 'Eveniment', cell: ({ row }) => <code className="text-xs">{row.original.EventType}</code> },
      { id: 'id', header: 'webhook-id', cell: ({ row }) => <code className="text-xs break-all">{row.original.MessageId}</code> },
      {
        id: 'status',
        header: 'Stare',
        cell: ({ row }) => (
          <Badge variant={row.original.Status === 'Delivered' ? 'success' : row.original.Status === 'Failed' ? 'destructive' : 'secondary'} data-testid="webhook-delivery-status">
            {WEBHOOK_STATUS_LABELS[row.original.Status]}
          </Badge>
        ),
      },
      { id: 'code', header: 'Cod răspuns', cell: ({ row }) => <span data-testid="webhook-delivery-code">{row.original.LastStatus ?? '—'}</span> },
      { id: 'attempts', header: 'Încercări', cell: ({ row }) => row.original.Attempts },
      { id: 'error', header: 'Ultima eroare', cell: ({ row }) => <span className="text-sm break-words">{row.original.LastError ?? ''}</span> },
      actionsColumn<WebhookDeliveryItem>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (d) => (d.Status === 'Sending' ? [] : [{ id: 'resend', label: 'Retrimite', ariaLabel: `Retrimite livrarea ${d.MessageId}`, icon: RotateCcw, withText: true, onSelect: () => void resend(d) }]),
      }),
    ],
    [resend],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  return (
    <section aria-labelledby="webhook-log-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhook-log-title" className="text-lg font-semibold break-all">
          Jurnalul livrărilor: {endpoint.Url}
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={() => setVersion((v) => v + 1)}>
          Reîncarcă
        </Button>
      </div>
      <PagedTable table={table} data={data} page={page} onPage={setPage} rowTestId="webhook-delivery-row" scrollLabel="Livrările webhook-ului" cards={{ label: 'Livrările webhook-ului', rowName: (d) => d.MessageId }} />
    </section>
  );
}

export function WebhooksSettings() {
  const [endpoints, setEndpoints] = React.useState<WebhookEndpointItem[] | null>(null);
  const [version, setVersion] = React.useState(0);
  const [created, setCreated] = React.useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = React.useState<WebhookEndpointItem | null>(null);
  const [logOf, setLogOf] = React.useState<WebhookEndpointItem | null>(null);
  const reload = React.useCallback(() => setVersion((v) => v + 1), []);

  React.useEffect(() => {
    let live = true;
    webhooksApi.list().then(
      (list) => live && setEndpoints(list),
      () => live && (setEndpoints([]), showErrorToast()),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const act = React.useCallback(
    async (run: () => Promise<unknown>, success: string) => {
      try {
        await run();
        showSuccessToast(success);
      } catch (e) {
        showFailure(e, (m) => showErrorToast(m));
      }
      reload();
    },
    [reload],
  );

  const runTest = React.useCallback(
    async (e: WebhookEndpointItem) => {
      try {
        const d = await webhooksApi.test(e.Id);
        if (d.Status === 'Delivered') showSuccessToast(`Evenimentul de probă a fost primit (răspuns ${d.LastStatus}).`);
        else showErrorToast(`Evenimentul de probă nu a fost primit: ${d.LastError ?? `răspuns ${d.LastStatus}`}.`);
      } catch (err) {
        showFailure(err, (m) => showErrorToast(m));
      }
      reload();
    },
    [reload],
  );

  const columns = React.useMemo<ColumnDef<WebhookEndpointItem>[]>(
    () => [
      {
        id: 'url',
        header: 'Adresa',
        meta: { card: 'title' },
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium break-all">{row.original.Url}</span>
            {row.original.Description ? <span className="text-sm text-muted-foreground">{row.original.Description}</span> : null}
          </div>
        ),
      },
      { id: 'events', header: 'Evenimente', cell: ({ row }) => <span className="text-sm break-words">{row.original.Events.join(', ')}</span> },
      {
        id: 'state',
        header: 'Stare',
        cell: ({ row }) =>
          row.original.DisabledAt ? (
            <Badge variant="destructive" title={row.original.DisabledReason ?? undefined} data-testid="webhook-state">
              Dezactivat
            </Badge>
          ) : (
            <Badge variant="success" data-testid="webhook-state">
              Activ
            </Badge>
          ),
      },
      actionsColumn<WebhookEndpointItem>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (e) => [
          { id: 'test', label: 'Trimite un test', ariaLabel: `Trimite un test la ${e.Url}`, icon: Send, withText: true, onSelect: () => void runTest(e) },
          { id: 'log', label: 'Jurnal', ariaLabel: `Jurnal: ${e.Url}`, icon: ScrollText, withText: true, onSelect: () => setLogOf(e) },
          { id: 'secret', label: 'Secret nou', ariaLabel: `Secret nou: ${e.Url}`, icon: KeyRound, withText: true, onSelect: () => void webhooksApi.rotateSecret(e.Id).then(setCreated, () => showErrorToast()) },
          {
            id: 'toggle',
            label: e.DisabledAt ? 'Reactivează' : 'Oprește',
            ariaLabel: `${e.DisabledAt ? 'Reactivează' : 'Oprește'} ${e.Url}`,
            icon: e.DisabledAt ? Play : Pause,
            withText: true,
            onSelect: () =>
              void act(() => webhooksApi.update({ Id: e.Id, Url: e.Url, Description: e.Description, Events: e.Events, Enabled: e.DisabledAt !== null }), e.DisabledAt ? 'Webhook-ul a fost reactivat.' : 'Webhook-ul a fost oprit.'),
          },
          { id: 'remove', label: 'Șterge', ariaLabel: `Șterge ${e.Url}`, icon: Trash2, withText: true, destructive: true, onSelect: () => setRemoving(e) },
        ],
      }),
    ],
    [act, runTest],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: endpoints ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  const page = endpoints ? { Items: endpoints, Count: endpoints.length, NumberOfPages: endpoints.length ? 1 : 0 } : null;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="webhook-create-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6">
        <h2 id="webhook-create-title" className="text-lg font-semibold">
          Webhook nou
        </h2>
        <p className="text-sm text-muted-foreground">
          Trimitem evenimentele alese prin POST, semnate după schema Standard Webhooks (antetele <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). Un răspuns 2xx confirmă primirea; altfel reîncercăm timp de 24 de ore.
        </p>
        {created ? <NewSecret created={created} onDismiss={() => setCreated(null)} /> : <CreateWebhookForm onCreated={(c) => (setCreated(c), reload())} />}
      </section>
      <section aria-labelledby="webhook-list-title" className="flex flex-col gap-4">
        <h2 id="webhook-list-title" className="text-lg font-semibold">
          Webhook-urile mele
        </h2>
        <PagedTable table={table} data={page} page={1} onPage={() => undefined} rowTestId="webhook-row" scrollLabel="Webhook-urile mele" cards={{ label: 'Webhook-urile mele', rowName: (e) => e.Url }} />
      </section>
      {logOf ? <DeliveryLog key={logOf.Id} endpoint={logOf} outer={version} /> : null}
      <ConfirmRemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        describe={(e) => `Sigur doriți să ștergeți webhook-ul ${e.Url}? Evenimentele nu i se mai trimit, iar jurnalul lui se șterge.`}
        remove={(e) => webhooksApi.remove(e.Id)}
        success="Webhook-ul a fost șters."
        reload={() => {
          if (removing && logOf?.Id === removing.Id) setLogOf(null);
          reload();
        }}
        errorText={() => undefined}
      />
    </div>
  );
}
