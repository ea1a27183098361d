'use client';

// "Trimite și în HubSpot / Pipedrive" in the add-to-group dialog of the search (decision 117): the
// ticked companies (or, for a whole search, the chosen group) go into the user's CRM right after
// they join the group, keyed by CUI (a company sent before is updated, never duplicated). Shown
// only to a user with a CRM connected; unticked by default (adding to a group asks for no CRM).
import * as React from 'react';
import { crmApi } from '@/lib/crm/client';
import { CRM_NAMES, type CrmProvider } from '@/lib/crm/schemas';
import { formatNumber } from '@/lib/format';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';

/** The CRMs the user has connected, read when `active` turns on (a dialog opening). */
export function useConnectedCrms(active: boolean): CrmProvider[] {
  const [providers, setProviders] = React.useState<CrmProvider[]>([]);
  React.useEffect(() => {
    if (!active) return;
    let live = true;
    crmApi.connections(true).then(
      (list) => live && setProviders(list.map((c) => c.Provider)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active]);
  return providers;
}

export function CrmPushChoice({ providers, chosen, onChange }: { providers: CrmProvider[]; chosen: ReadonlySet<CrmProvider>; onChange: (next: Set<CrmProvider>) => void }) {
  const id = React.useId();
  if (!providers.length) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="crm-push-choice">
      {providers.map((p) => (
        <div key={p} className="flex items-center gap-2 max-md:min-h-11">
          <Checkbox
            id={`${id}-${p}`}
            checked={chosen.has(p)}
            onCheckedChange={(v) => {
              const next = new Set(chosen);
              if (v === true) next.add(p);
              else next.delete(p);
              onChange(next);
            }}
          />
          <Label htmlFor={`${id}-${p}`} className="font-normal">
            Trimite firmele și în {CRM_NAMES[p]} (după CUI, fără duplicate)
          </Label>
        </div>
      ))}
    </div>
  );
}

/** Pushes into each chosen CRM, one toast per CRM with its counts or its error. */
export async function pushToChosenCrms(chosen: ReadonlySet<CrmProvider>, push: (p: CrmProvider) => Promise<{ Created: number; Updated: number }>): Promise<void> {
  for (const p of chosen) {
    try {
      const r = await push(p);
      showSuccessToast(`${CRM_NAMES[p]}: ${formatNumber(r.Created)} firme create, ${formatNumber(r.Updated)} actualizate.`);
    } catch (e) {
      showFailure(e, (m) => showErrorToast(m));
    }
  }
}
