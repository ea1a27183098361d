'use client';

// Whether the signed-in user follows something (a company, a group), and the toggle with its toast.
import * as React from 'react';
import { serverMessage } from '@/lib/groups/client';
import { watchApi } from '@/lib/watch/client';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type Follow = {
  enabled: boolean;
  read: () => Promise<{ watched: boolean; via?: string[] }>;
  follow: () => Promise<{ Message: string }>;
  unfollow: () => Promise<{ Message: string }>;
};

export function useFollow({ enabled, read, follow, unfollow }: Follow, key: string) {
  const [watched, setWatched] = React.useState<boolean | null>(null);
  const [viaGroups, setViaGroups] = React.useState<string[]>([]);
  const [busy, setBusy] = React.useState(false);
  const latest = React.useRef({ read, follow, unfollow });
  React.useLayoutEffect(() => {
    latest.current = { read, follow, unfollow };
  });

  React.useEffect(() => {
    if (!enabled) return;
    let live = true;
    latest.current
      .read()
      .then((s) => {
        if (!live) return;
        setWatched(s.watched);
        setViaGroups(s.via ?? []);
      })
      .catch(() => live && setWatched(false));
    return () => {
      live = false;
    };
  }, [key, enabled]);

  const toggle = async () => {
    setBusy(true);
    try {
      const r = watched ? await latest.current.unfollow() : await latest.current.follow();
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

/** A company: followed directly, and the followed groups it is in. */
export function useWatch(cui: number, enabled: boolean) {
  return useFollow(
    {
      enabled,
      read: () => watchApi.getWatchStatus(cui).then((s) => ({ watched: s.IsWatched, via: s.WatchedThroughGroups })),
      follow: () => watchApi.watchCompany(cui),
      unfollow: () => watchApi.unwatchCompany(cui),
    },
    `company-${cui}`,
  );
}
