'use client';

// The groups the scheduled sync pushes into one CRM (decision 117): ticked among the user's groups,
// parsed by the server's own schema (lib/crm/schemas.ts, crmSyncGroupsSchema) and saved with
// POST /api/Crm/setSyncGroups, which checks again that the user may read every one. Nothing ticked:
// the sync only reads the CRM. A chosen group missing from the list (the user left it) stays
// named by its number until saved again, so saving never drops a choice silently.
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { crmApi } from '@/lib/crm/client';
import { CRM_NAMES, crmSyncGroupsSchema, type CrmConnectionItem, type CrmSyncGroupsForm, type CrmSyncGroupsInput } from '@/lib/crm/schemas';
import { FormAlert } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';

export type GroupChoice = { Id: number; Name: string };

export function SyncGroupsForm({ connection, groups, onSaved }: { connection: CrmConnectionItem; groups: GroupChoice[]; onSaved: () => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<CrmSyncGroupsInput, unknown, CrmSyncGroupsForm>({
    resolver: zodResolver(crmSyncGroupsSchema),
    defaultValues: { Provider: connection.Provider, GroupIds: connection.GroupIds },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const name = CRM_NAMES[connection.Provider];
  const listed = new Set(groups.map((g) => g.Id));
  const unlisted = connection.GroupIds.filter((id) => !listed.has(id)).map((id) => ({ Id: id, Name: `Grupul ${id} (nu mai este în lista dumneavoastră)` }));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await crmApi.setSyncGroups(values);
      form.reset({ Provider: saved.Provider, GroupIds: saved.GroupIds });
      showSuccessToast(`${name}: grupurile sincronizării programate au fost salvate.`);
      onSaved();
    } catch (e) {
      showFailure(e, setFailure);
    }
  });

  const legendId = `crm-sync-groups-${connection.Provider}`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-lg border p-4" aria-labelledby={legendId} data-testid="crm-sync-groups">
      <h3 id={legendId} className="font-medium">
        Sincronizarea programată cu {name}
      </h3>
      <FormAlert message={failure} />
      <Controller
        control={form.control}
        name="GroupIds"
        render={({ field }) => {
          const chosen = new Set(field.value ?? []);
          const toggle = (id: number, on: boolean) => field.onChange(on ? [...chosen, id] : [...chosen].filter((x) => x !== id));
          const options = [...groups, ...unlisted];
          return options.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nu aveți încă grupuri; sincronizarea doar citește firmele din {name}.</p>
          ) : (
            <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label={`Grupurile trimise în ${name}`}>
              {options.map((g) => {
                const id = `${legendId}-${g.Id}`;
                return (
                  <li key={g.Id} className="flex items-center gap-2 py-0.5 max-md:min-h-11">
                    <Checkbox id={id} checked={chosen.has(g.Id)} onCheckedChange={(v) => toggle(g.Id, v === true)} />
                    <Label htmlFor={id} className="font-normal">
                      {g.Name}
                    </Label>
                  </li>
                );
              })}
            </ul>
          );
        }}
      />
      {errors.GroupIds?.message ? (
        <p className="text-sm text-destructive" role="alert">
          {errors.GroupIds.message}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">La fiecare 6 ore sincronizarea trimite în {name} firmele grupurilor bifate și citește firmele din CRM.</p>
      <Button type="submit" variant="outline" disabled={isSubmitting || !isDirty} className="self-start">
        {isSubmitting ? <Spinner size="sm" className="text-current" label="Se salvează" /> : null}
        Salvează grupurile
      </Button>
    </form>
  );
}
