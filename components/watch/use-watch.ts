'use client';

// Whether the signed-in user follows a company, and the toggle (company page button, card menu).
import * as React from 'react';
import { serverMessage } from '@/lib/groups/client';
import { watchApi } from '@/lib/watch/client';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export function useWatch(cui: number, enabled: boolean) {
  const [watched, setWatched] = React.useState<boolean | null>(null);
  const [viaGroups, setViaGroups] = React.useState<string[]>([]);
  const [busy, setBusy] = React.useState(false);

  React.useEffect(() => {
    if (!enabled) return;
    let live = true;
    watchApi
      .getWatchStatus(cui)
      .then((s) => {
        if (!live) return;
        setWatched(s.IsWatched);
        setViaGroups(s.WatchedThroughGroups);
      })
      .catch(() => live && setWatched(false));
    return () => {
      live = false;
    };
  }, [cui, enabled]);

  const toggle = async () => {
    setBusy(true);
    try {
      const r = watched ? await watchApi.unwatchCompany(cui) : await watchApi.watchCompany(cui);
      setWatched(!watched);
      showSuccessToast(r.Message);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setBusy(false);
    }
  };

  return { watched, viaGroups, busy, toggle };
}
