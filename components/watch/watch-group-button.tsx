'use client';

// "Urmărește grupul" on a group's page: the group's companies, now and later, while the user is a member.
import * as React from 'react';
import { Bell, BellOff } from 'lucide-react';
import { serverMessage } from '@/lib/groups/client';
import { watchApi } from '@/lib/watch/client';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

export function WatchGroupButton({ groupId }: { groupId: number }) {
  const [watched, setWatched] = React.useState<boolean | null>(null);
  React.useEffect(() => {
    let live = true;
    watchApi
      .getWatchedGroups()
      .then((r) => live && setWatched(r.Items.some((g) => g.GroupId === groupId)))
      .catch(() => live && setWatched(false));
    return () => {
      live = false;
    };
  }, [groupId]);
  const toggle = async () => {
    try {
      const r = watched ? await watchApi.unwatchGroup(groupId) : await watchApi.watchGroup(groupId);
      setWatched(!watched);
      showSuccessToast(r.Message);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };
  return (
    <Button variant="outline" onClick={() => void toggle()} disabled={watched === null} aria-pressed={watched ?? false} data-testid="watch-group-button">
      {watched ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {watched ? 'nu mai urmări grupul' : 'urmărește grupul'}
    </Button>
  );
}
