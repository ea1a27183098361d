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
import { formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';

export function PushGroupsToCrm({ groupIds }: { groupIds: number[] }) {
  const [providers, setProviders] = React.useState<CrmProvider[]>([]);
  const [busy, setBusy] = React.useState<CrmProvider | null>(null);
  React.useEffect(() => {
    let live = true;
    crmApi.connections(true).then(
      (list) => live && setProviders(list.map((c) => c.Provider)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;

  const push = async (p: CrmProvider) => {
    setBusy(p);
    try {
      const r = await crmApi.pushGroups(p, groupIds);
      showSuccessToast(`${CRM_NAMES[p]}: ${formatNumber(r.Created)} firme create, ${formatNumber(r.Updated)} actualizate.`);
    } catch (e) {
      showFailure(e, (m) => showErrorToast(m));
    } finally {
      setBusy(null);
    }
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
