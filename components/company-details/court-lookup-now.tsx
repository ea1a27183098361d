'use client';

// "Caută dosare": a signed-in user looks the company's court cases up now (limited per user);
// anyone else is asked to sign in. The page is then drawn again from the stored cases.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { apiCall } from '@/lib/api/client';
import { serverMessage } from '@/lib/groups/client';
import { openLogin } from './actions';
import { useSignedIn } from './group-button';

export function CourtLookupNow({ cui, checked }: { cui: number; checked: boolean }) {
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
      const r = await apiCall('POST /api/Fiscal/lookUpCourtCases', { body: { Cui: cui } });
      if (r.Courts.Error) showErrorToast(r.Message);
      else showSuccessToast(r.Message);
      router.refresh();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy} data-testid="court-lookup-now">
      <Search aria-hidden="true" className={busy ? 'animate-pulse' : undefined} />
      {checked ? 'Caută din nou dosarele' : 'Caută dosare'}
    </Button>
  );
}
