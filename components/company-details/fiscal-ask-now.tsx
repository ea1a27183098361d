'use client';

// "Verifică acum" (ANAF's register) and "Caută dosare" (the courts' portal): a signed-in user asks
// the outside source now (limited per user); anyone else is asked to sign in. The page is then
// drawn again from what was stored. One button for both: they differ only in the endpoint, the
// icon, the label and which answer counts as a failure. The cards are server components, so the
// kind is a plain string prop and the differences live here.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { RefreshCw, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { apiCall } from '@/lib/api/client';
import { serverMessage } from '@/lib/groups/client';
import { openLogin } from './actions';
import { useSignedIn } from './group-button';

type Asked = { message: string; failed: boolean };

const KINDS = {
  'fiscal-check': {
    ask: async (cui: number): Promise<Asked> => {
      const r = await apiCall('POST /api/Fiscal/checkNow', { body: { Cui: cui } });
      return { message: r.Message, failed: Boolean(r.Check.Error && r.Check.ErrorAt) };
    },
    Icon: RefreshCw,
    busyClass: 'animate-spin',
    label: () => 'Verifică acum',
  },
  'court-lookup': {
    ask: async (cui: number): Promise<Asked> => {
      const r = await apiCall('POST /api/Fiscal/lookUpCourtCases', { body: { Cui: cui } });
      return { message: r.Message, failed: Boolean(r.Courts.Error) };
    },
    Icon: Search,
    busyClass: 'animate-pulse',
    label: (checked: boolean) => (checked ? 'Caută din nou dosarele' : 'Caută dosare'),
  },
} as const;

export type FiscalAskKind = keyof typeof KINDS;

export function FiscalAskNow({ kind, cui, checked = false }: { kind: FiscalAskKind; cui: number; checked?: boolean }) {
  const signedIn = useSignedIn();
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const { ask, Icon, busyClass, label } = KINDS[kind];
  const run = async () => {
    if (!signedIn) {
      openLogin();
      return;
    }
    setBusy(true);
    try {
      const r = await ask(cui);
      if (r.failed) showErrorToast(r.message);
      else showSuccessToast(r.message);
      router.refresh();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy} data-testid={`${kind}-now`}>
      <Icon aria-hidden="true" className={busy ? busyClass : undefined} />
      {label(checked)}
    </Button>
  );
}
