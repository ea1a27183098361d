'use client';

// "Deja în CRM" (issue 50, docs/decisions/097): which of the listed companies the user's CRMs
// already hold, asked once per list in the background. A failure shows no mark (the list itself is
// what the page is for).
import * as React from 'react';
import { apiCall } from '@/lib/api/client';

export function useInCrm(cuis: number[]): ReadonlySet<number> {
  const [inCrm, setInCrm] = React.useState<ReadonlySet<number>>(() => new Set());
  const key = [...new Set(cuis)].slice(0, 200).join(',');
  React.useEffect(() => {
    if (!key) return;
    let live = true;
    apiCall('GET /api/Crm/getInCrm', { query: { Cuis: key }, background: true }).then(
      (r) => live && setInCrm(new Set(r.Cuis)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key]);
  return inCrm;
}
