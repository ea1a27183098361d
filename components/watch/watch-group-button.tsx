'use client';

// "Urmărește grupul" on a group's page: the group's companies, now and later, while the user is a member.
import { Bell, BellOff } from 'lucide-react';
import { watchApi } from '@/lib/watch/client';
import { Button } from '@/components/ui/button';
import { useFollow } from './use-watch';

export function WatchGroupButton({ groupId }: { groupId: number }) {
  const { watched, busy, toggle } = useFollow(
    {
      enabled: true,
      read: () => watchApi.getWatchedGroups().then((r) => ({ watched: r.Items.some((g) => g.GroupId === groupId) })),
      follow: () => watchApi.watchGroup(groupId),
      unfollow: () => watchApi.unwatchGroup(groupId),
    },
    `group-${groupId}`,
  );
  return (
    <Button variant="outline" onClick={() => void toggle()} disabled={watched === null || busy} aria-pressed={watched ?? false} data-testid="watch-group-button">
      {watched ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {watched ? 'nu mai urmări grupul' : 'urmărește grupul'}
    </Button>
  );
}
