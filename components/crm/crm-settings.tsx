'use client';

// "CRM" (issue 50; decisions 097 and 109): the signed-in user connects HubSpot or Pipedrive, by a
// private token (the form parses the server's own schema, lib/crm/schemas.ts; the token is never
// shown back) or by OAuth where the instance has the CRM's client id and secret; sends a group's
// companies to a CRM, reads the CRM's companies now ("deja în CRM"), disconnects, and reads the
// sync log. The OAuth round trip ends on this page with ?conectat= or ?eroare= in its address.
// Decision 117: per connection, the groups the scheduled sync pushes (SyncGroupsForm); the log
// names the groups a push sent and marks the scheduled runs.
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Download, ExternalLink, Unplug, Upload } from 'lucide-react';
import { crmApi } from '@/lib/crm/client';
import { groupsApi } from '@/lib/groups/client';
import { CRM_NAMES, CRM_PROVIDERS, crmConnectSchema, type CrmConnectForm, type CrmConnectInput, type CrmConnectionItem, type CrmProvider, type CrmSyncItem } from '@/lib/crm/schemas';
import { formatDateTime, formatNumber } from '@/lib/format';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PagedTable } from '@/components/privacy/paged-table';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { Spinner } from '@/components/ui/spinner';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { SyncGroupsForm, type GroupChoice } from './sync-groups-form';

const PROVIDER_OPTIONS = CRM_PROVIDERS.map((p) => ({ value: p, label: CRM_NAMES[p] }));
const TOKEN_HELP: Record<CrmProvider, string> = {
  hubspot: 'HubSpot: Setări → Integrări → Aplicații private; tokenul aplicației, cu drepturi de citire și scriere pe companii și pe schema companiilor.',
  pipedrive: 'Pipedrive: Setări personale → API; tokenul dumneavoastră personal.',
};
const KIND_LABELS: Record<CrmSyncItem['Kind'], string> = { push: 'Trimitere', pull: 'Citire' };
const STATUS_LABELS: Record<CrmSyncItem['Status'], string> = { Running: 'În curs', Done: 'Reușită', Failed: 'Eșuată' };

function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<CrmConnectInput, unknown, CrmConnectForm>({ resolver: zodResolver(crmConnectSchema), defaultValues: { Provider: 'hubspot', Token: '', GroupIds: [] } });
  const { errors, isSubmitting } = form.formState;
  const provider = useWatch({ control: form.control, name: 'Provider' });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await crmApi.connect(values);
      // The token leaves the page with the request: the field is emptied, never filled back.
      form.reset({ Provider: values.Provider, Token: '', GroupIds: [] });
      showSuccessToast(`${CRM_NAMES[values.Provider]} a fost conectat.`);
      onConnected();
    } catch (e) {
      showFailure(e, setFailure);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Conectare cu token privat">
      <FormAlert message={failure} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="crm-provider">CRM</Label>
        <Controller
          control={form.control}
          name="Provider"
          render={({ field }) => <OptionSelect id="crm-provider" value={field.value} onValueChange={(v) => field.onChange(v as CrmProvider)} options={PROVIDER_OPTIONS} className="w-full sm:w-64" />}
        />
      </div>
      <FormField id="crm-token" label="Token privat" errors={[errors.Token?.message]}>
        {(a11y) => <Input type="password" autoComplete="off" spellCheck={false} {...a11y} {...form.register('Token')} />}
      </FormField>
      <p className="text-sm text-muted-foreground">{TOKEN_HELP[provider]} Tokenul se păstrează pe server și nu mai este afișat.</p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? <Spinner size="sm" className="text-current" label="Se conectează" /> : null}
        Conectează
      </Button>
    </form>
  );
}

function OAuthButtons() {
  const [providers, setProviders] = React.useState<CrmProvider[]>([]);
  React.useEffect(() => {
    let live = true;
    crmApi.oauthProviders().then(
      (r) => live && setProviders(r.Providers),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;
  const go = async (p: CrmProvider) => {
    try {
      const { Url } = await crmApi.startOAuth(p);
      window.location.assign(Url);
    } catch (e) {
      showFailure(e, (m) => showErrorToast(m));
    }
  };
  return (
    <div className="flex flex-wrap gap-2" data-testid="crm-oauth">
      {providers.map((p) => (
        <Button key={p} type="button" variant="outline" onClick={() => void go(p)}>
          <ExternalLink aria-hidden="true" />
          Conectare cu {CRM_NAMES[p]}
        </Button>
      ))}
    </div>
  );
}

/** The user's groups (first 100), for the push and the scheduled sync's choice. */
function useMyGroups(): GroupChoice[] {
  const [groups, setGroups] = React.useState<GroupChoice[]>([]);
  React.useEffect(() => {
    let live = true;
    groupsApi.getGroups({ PageNumber: 1, PageSize: 100 }).then(
      (r) => live && setGroups(r.Items.map((g) => ({ Id: g.Id, Name: g.Name }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return groups;
}

function PushGroup({ connections, groups, onPushed }: { connections: CrmConnectionItem[]; groups: GroupChoice[]; onPushed: () => void }) {
  const [groupId, setGroupId] = React.useState('');
  const [provider, setProvider] = React.useState<CrmProvider>(connections[0].Provider);
  const [busy, setBusy] = React.useState(false);
  const chosen = connections.some((c) => c.Provider === provider) ? provider : connections[0].Provider;
  const push = async () => {
    if (!groupId) return showErrorToast('Alegeți un grup.');
    setBusy(true);
    try {
      const r = await crmApi.pushGroup(chosen, Number(groupId));
      showSuccessToast(`${CRM_NAMES[chosen]}: ${formatNumber(r.Created)} firme create, ${formatNumber(r.Updated)} actualizate.`);
    } catch (e) {
      showFailure(e, (m) => showErrorToast(m));
    } finally {
      setBusy(false);
      onPushed();
    }
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-2">
        <Label htmlFor="crm-push-group">Grup</Label>
        <OptionSelect
          id="crm-push-group"
          value={groupId}
          onValueChange={setGroupId}
          options={groups.map((g) => ({ value: String(g.Id), label: g.Name }))}
          valueText={groupId ? undefined : 'Alegeți un grup'}
          className="w-full sm:w-64"
        />
      </div>
      {connections.length > 1 ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor="crm-push-provider">În</Label>
          <OptionSelect
            id="crm-push-provider"
            value={chosen}
            onValueChange={(v) => setProvider(v as CrmProvider)}
            options={connections.map((c) => ({ value: c.Provider, label: CRM_NAMES[c.Provider] }))}
            className="w-full sm:w-48"
          />
        </div>
      ) : null}
      <Button type="button" onClick={() => void push()} disabled={busy || !groupId}>
        {busy ? <Spinner size="sm" className="text-current" label="Se trimite" /> : <Upload aria-hidden="true" />}
        Trimite grupul în {CRM_NAMES[chosen]}
      </Button>
    </div>
  );
}

function SyncLog({ version }: { version: number }) {
  const [items, setItems] = React.useState<CrmSyncItem[] | null>(null);
  React.useEffect(() => {
    let live = true;
    crmApi.syncLog().then(
      (r) => live && setItems(r),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [version]);
  const columns = React.useMemo<ColumnDef<CrmSyncItem>[]>(
    () => [
      { id: 'started', header: 'Început', meta: { card: 'title' }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.StartedAt)}</span> },
      { id: 'crm', header: 'CRM', cell: ({ row }) => CRM_NAMES[row.original.Provider] },
      { id: 'kind', header: 'Operație', cell: ({ row }) => `${KIND_LABELS[row.original.Kind]}${row.original.Scheduled ? ' (programată)' : ''}` },
      {
        id: 'status',
        header: 'Rezultat',
        cell: ({ row }) => (
          <Badge variant={row.original.Status === 'Done' ? 'success' : row.original.Status === 'Failed' ? 'destructive' : 'secondary'} data-testid="crm-log-status">
            {STATUS_LABELS[row.original.Status]}
          </Badge>
        ),
      },
      {
        id: 'counts',
        header: 'Firme',
        cell: ({ row }) =>
          row.original.Kind === 'push'
            ? `${formatNumber(row.original.Created)} create, ${formatNumber(row.original.Updated)} actualizate`
            : `${formatNumber(row.original.Pulled)} citite`,
      },
      {
        id: 'groups',
        header: 'Grupuri',
        cell: ({ row }) => <span data-testid="crm-log-groups">{row.original.Groups.map((g) => g.Name).join(', ')}</span>,
      },
      { id: 'error', header: 'Eroare', cell: ({ row }) => <span className="text-sm break-words">{row.original.Error ?? ''}</span> },
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  const page = items ? { Items: items, Count: items.length, NumberOfPages: items.length ? 1 : 0 } : null;
  return (
    <PagedTable
      table={table}
      data={page}
      page={1}
      onPage={() => undefined}
      rowTestId="crm-log-row"
      scrollLabel="Jurnalul sincronizărilor"
      cards={{ label: 'Jurnalul sincronizărilor', rowName: (r) => `${KIND_LABELS[r.Kind]} ${CRM_NAMES[r.Provider]} ${formatDateTime(r.StartedAt)}` }}
    />
  );
}

/** The outcome of an OAuth round trip, from the page's address, shown once and removed from it. */
function useOAuthOutcome(onConnected: () => void) {
  React.useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const connected = q.get('conectat') as CrmProvider | null;
    const error = q.get('eroare');
    if (!connected && !error) return;
    if (connected && connected in CRM_NAMES) {
      showSuccessToast(`${CRM_NAMES[connected]} a fost conectat.`);
      onConnected();
    } else if (error) showErrorToast(error);
    window.history.replaceState(null, '', window.location.pathname);
  }, [onConnected]);
}

export function CrmSettings() {
  const [connections, setConnections] = React.useState<CrmConnectionItem[] | null>(null);
  const [version, setVersion] = React.useState(0);
  const [removing, setRemoving] = React.useState<CrmConnectionItem | null>(null);
  const groups = useMyGroups();
  const reload = React.useCallback(() => setVersion((v) => v + 1), []);
  useOAuthOutcome(reload);

  React.useEffect(() => {
    let live = true;
    crmApi.connections(true).then(
      (list) => live && setConnections(list),
      () => live && (setConnections([]), showErrorToast()),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const pull = React.useCallback(
    async (c: CrmConnectionItem) => {
      try {
        const r = await crmApi.pull(c.Provider);
        showSuccessToast(`${CRM_NAMES[c.Provider]}: ${formatNumber(r.Pulled)} firme citite.`);
      } catch (e) {
        showFailure(e, (m) => showErrorToast(m));
      }
      reload();
    },
    [reload],
  );

  const columns = React.useMemo<ColumnDef<CrmConnectionItem>[]>(
    () => [
      { id: 'crm', header: 'CRM', meta: { card: 'title' }, cell: ({ row }) => <span className="font-medium">{CRM_NAMES[row.original.Provider]}</span> },
      { id: 'auth', header: 'Conectat prin', cell: ({ row }) => (row.original.AuthKind === 'oauth' ? 'OAuth' : 'Token privat') },
      { id: 'companies', header: 'Firme în CRM', cell: ({ row }) => <span data-testid="crm-companies">{formatNumber(row.original.Companies)}</span> },
      { id: 'last', header: 'Ultima sincronizare', cell: ({ row }) => (row.original.LastSyncAt ? formatDateTime(row.original.LastSyncAt) : 'Niciodată') },
      actionsColumn<CrmConnectionItem>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (c) => [
          { id: 'pull', label: 'Citește acum', ariaLabel: `Citește acum firmele din ${CRM_NAMES[c.Provider]}`, icon: Download, withText: true, onSelect: () => void pull(c) },
          { id: 'remove', label: 'Deconectează', ariaLabel: `Deconectează ${CRM_NAMES[c.Provider]}`, icon: Unplug, withText: true, destructive: true, onSelect: () => setRemoving(c) },
        ],
      }),
    ],
    [pull],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: connections ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.Provider });
  const page = connections ? { Items: connections, Count: connections.length, NumberOfPages: connections.length ? 1 : 0 } : null;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="crm-connect-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6">
        <h2 id="crm-connect-title" className="text-lg font-semibold">
          Conectați un CRM
        </h2>
        <p className="text-sm text-muted-foreground">
          Firmele trimise ajung în CRM după CUI: o firmă trimisă de mai multe ori este actualizată, nu dublată. Firmele pe care CRM-ul le are deja apar cu „deja în CRM” în liste și pot fi lăsate deoparte
          la o campanie sau la un export.
        </p>
        <OAuthButtons />
        <ConnectForm onConnected={reload} />
      </section>
      <section aria-labelledby="crm-list-title" className="flex flex-col gap-4">
        <h2 id="crm-list-title" className="text-lg font-semibold">
          Conexiunile mele
        </h2>
        <PagedTable table={table} data={page} page={1} onPage={() => undefined} rowTestId="crm-row" scrollLabel="Conexiunile mele" cards={{ label: 'Conexiunile mele', rowName: (c) => CRM_NAMES[c.Provider] }} />
        {connections?.length ? <PushGroup connections={connections} groups={groups} onPushed={reload} /> : null}
      </section>
      {connections?.length ? (
        <section aria-labelledby="crm-schedule-title" className="flex flex-col gap-4">
          <h2 id="crm-schedule-title" className="text-lg font-semibold">
            Sincronizarea programată
          </h2>
          {connections.map((c) => (
            // Keyed by the saved choice too: a connection reloaded with other groups starts a fresh form.
            <SyncGroupsForm key={`${c.Provider}:${c.GroupIds.join(',')}`} connection={c} groups={groups} onSaved={reload} />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="crm-log-title" className="flex flex-col gap-4">
        <h2 id="crm-log-title" className="text-lg font-semibold">
          Jurnalul sincronizărilor
        </h2>
        <SyncLog version={version} />
      </section>
      <ConfirmRemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        describe={(c) => `Sigur doriți să deconectați ${CRM_NAMES[c.Provider]}? Tokenul și jurnalul se șterg; firmele din CRM rămân acolo.`}
        remove={(c) => crmApi.disconnect(c.Provider)}
        success="CRM-ul a fost deconectat."
        reload={reload}
        errorText={() => undefined}
      />
    </div>
  );
}
