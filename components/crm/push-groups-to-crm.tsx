'use client';

// "Trimite în HubSpot / Pipedrive" where the user picks groups (decision 117): the send-to-groups
// dialog offers it beside the e-mail, for the groups ticked there or given by the Grupuri page.
// Shown only to a user with a CRM connected (without one it could do nothing). The server checks
// the connection and every group again and writes the CRM keyed by CUI (POST /api/Crm/pushGroups:
// a company sent before is updated, never duplicated).
import * as React from 'react';
import { Upload } from 'lucide-react';
import { crmApi } from '@/lib/crm/client';
import { CRM_NAMES, type CrmProvider } from '@/lib/crm/schemas';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { pushToChosenCrms, useConnectedCrms } from './crm-push-choice';

export function PushGroupsToCrm({ groupIds }: { groupIds: number[] }) {
  const providers = useConnectedCrms(true);
  const [busy, setBusy] = React.useState<CrmProvider | null>(null);
  if (!providers.length) return null;

  const push = async (p: CrmProvider) => {
    setBusy(p);
    await pushToChosenCrms(new Set([p]), (one) => crmApi.pushGroups(one, groupIds));
    setBusy(null);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid="push-groups-to-crm">
      <legend className="mb-1 text-sm font-medium">CRM</legend>
      <p className="text-sm text-muted-foreground">
        {groupIds.length
          ? 'Trimiteți firmele grupurilor alese și în CRM, după CUI: o firmă trimisă deja se actualizează, nu se dublează.'
          : 'Alegeți grupurile ale căror firme le trimiteți în CRM.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {providers.map((p) => (
          <Button key={p} type="button" variant="outline" disabled={busy !== null || groupIds.length === 0} onClick={() => void push(p)}>
            {busy === p ? <Spinner size="sm" className="text-current" label="Se trimite" /> : <Upload aria-hidden="true" />}
            Trimite în {CRM_NAMES[p]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
