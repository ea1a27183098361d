'use client';

// The Admin's view of every API key (issue 29; docs/decisions/066, 067): its owner, today's
// requests, its limits and its browser origins (edited in dialogs that parse the server's schemas)
// and revoking any key. Each of these changes is audited (decision 072).
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Ban, Gauge, Globe } from 'lucide-react';
import { updateApiKeyLimitsSchema, type AdminApiKeyItem } from '@/lib/api-keys/schemas';
import { apiKeysApi } from '@/lib/api-keys/client';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PagedTable, usePagedData } from '@/components/privacy/paged-table';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';
import { Input } from '@/components/ui/input';
import { ListSearchForm } from '@/components/ui/list-search-form';
import { apiKeyColumns } from './api-key-columns';
import { OriginsDialog, saveInDialog } from './origins-dialog';

type LimitsValues = z.input<typeof updateApiKeyLimitsSchema>;

function LimitsForm({ apiKey, onSaved, onCancel }: { apiKey: AdminApiKeyItem; onSaved: () => void; onCancel: () => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<LimitsValues, unknown, z.output<typeof updateApiKeyLimitsSchema>>({
    resolver: zodResolver(updateApiKeyLimitsSchema),
    defaultValues: { Id: apiKey.Id, PerMinute: apiKey.PerMinute, PerDay: apiKey.PerDay },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => saveInDialog(() => apiKeysApi.updateLimits(values), 'Limitele cheii au fost salvate.', onSaved, setFailure));
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Limitele cheii">
      <FormField id="api-key-per-minute" label="Cereri pe minut" errors={[errors.PerMinute?.message]}>
        {(a11y) => <Input inputMode="numeric" {...a11y} {...form.register('PerMinute')} />}
      </FormField>
      <FormField id="api-key-per-day" label="Cereri pe zi (UTC)" errors={[errors.PerDay?.message]}>
        {(a11y) => <Input inputMode="numeric" {...a11y} {...form.register('PerDay')} />}
      </FormField>
      <FormAlert message={failure} />
      <FormDialogFooter onCancel={onCancel} submitting={isSubmitting} />
    </form>
  );
}

export function AdminApiKeys() {
  const [page, setPage] = React.useState(1);
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [version, setVersion] = React.useState(0);
  const [editing, setEditing] = React.useState<AdminApiKeyItem | null>(null);
  const [revoking, setRevoking] = React.useState<AdminApiKeyItem | null>(null);
  const [editingOrigins, setEditingOrigins] = React.useState<AdminApiKeyItem | null>(null);
  const query: Record<string, string | number> = { PageNumber: page };
  if (search) query.SearchText = search;
  const data = usePagedData('GET /api/ApiKey/getAll', query, version);

  const columns = React.useMemo<ColumnDef<AdminApiKeyItem>[]>(
    () => [
      { id: 'owner', header: 'Proprietar', cell: ({ row }) => <span className="break-words">{`${row.original.UserName} (${row.original.Email})`}</span>, meta: { card: 'subtitle' } },
      ...apiKeyColumns<AdminApiKeyItem>(),
      { id: 'limits', header: 'Limite', cell: ({ row }) => <span className="whitespace-nowrap">{`${row.original.PerMinute}/min, ${row.original.PerDay}/zi`}</span> },
      actionsColumn<AdminApiKeyItem>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (k) => [
          { id: 'limits', label: 'Limite', ariaLabel: `Limite pentru cheia ${k.Name}`, icon: Gauge, withText: true, onSelect: () => setEditing(k) },
          ...(k.RevokedAt
            ? []
            : [
                { id: 'origins', label: 'Origini', ariaLabel: `Origini pentru cheia ${k.Name} a utilizatorului ${k.UserName}`, icon: Globe, withText: true, onSelect: () => setEditingOrigins(k) },
                { id: 'revoke', label: 'Revocă', ariaLabel: `Revocă cheia ${k.Name}`, icon: Ban, withText: true, destructive: true, onSelect: () => setRevoking(k) },
              ]),
        ],
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });


  return (
    <section aria-labelledby="admin-api-keys-title" className="flex flex-col gap-4">
      <h2 id="admin-api-keys-title" className="text-lg font-semibold">
        Toate cheile (administrare)
      </h2>
      <ListSearchForm
        id="admin-api-keys-search"
        label="Căutare chei API"
        placeholder="Caută după nume, utilizator sau e-mail"
        list={{
          text,
          setText,
          submitSearch: () => {
            setSearch(text.trim());
            setPage(1);
          },
        }}
      />
      <PagedTable table={table} data={data} page={page} onPage={setPage} rowTestId="admin-api-key-row" scrollLabel="Toate cheile API" cards={{ label: 'Toate cheile API', rowName: (k) => `${k.Name} (${k.UserName})` }} />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent data-testid="api-key-limits-dialog">
          <DialogHeader>
            <DialogTitle>Limitele cheii</DialogTitle>
            <DialogDescription>{editing ? `„${editing.Name}” a utilizatorului ${editing.UserName}.` : ''}</DialogDescription>
          </DialogHeader>
          {editing && (
            <LimitsForm
              key={editing.Id}
              apiKey={editing}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                setVersion((v) => v + 1);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <OriginsDialog
        apiKey={editingOrigins}
        describe={(k) => `„${k.Name}” a utilizatorului ${k.UserName}.`}
        onClose={() => setEditingOrigins(null)}
        onSaved={() => {
          setEditingOrigins(null);
          setVersion((v) => v + 1);
        }}
      />
      <ConfirmRemoveDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        describe={(k) => `Sigur doriți să revocați cheia „${k.Name}” a utilizatorului ${k.UserName}?`}
        remove={(k) => apiKeysApi.revoke(k.Id)}
        success="Cheia a fost revocată."
        reload={() => setVersion((v) => v + 1)}
        errorText={() => undefined}
      />
    </section>
  );
}
