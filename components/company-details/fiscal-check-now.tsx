'use client';

// "Verifică acum": a signed-in user asks ANAF now (limited per user); anyone else is asked to sign
// in. The page is then drawn again from the stored check.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { apiCall } from '@/lib/api/client';
import { serverMessage } from '@/lib/groups/client';
import { openLogin } from './actions';
import { useSignedIn } from './group-button';

export function FiscalCheckNow({ cui }: { cui: number }) {
  const signedIn = useSignedIn();
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    if (!signedIn) {
      openLogin();
      return;
    }
    setBusy(true);
    try {
      const r = await apiCall('POST /api/Fiscal/checkNow', { body: { Cui: cui } });
      if (r.Check.Error && r.Check.ErrorAt) showErrorToast(r.Message);
      else showSuccessToast(r.Message);
      router.refresh();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy} data-testid="fiscal-check-now">
      <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
      Verifică acum
    </Button>
  );
}
