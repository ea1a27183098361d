'use client';

// The header's bell for a signed-in user: the unread notifications, counted on load, every minute,
// when the tab comes back and when the feed page marks some read; it opens the feed.
import * as React from 'react';
import Link from 'next/link';
import { Bell } from 'lucide-react';
import { UNREAD_CHANGED_EVENT, notificationApi } from '@/lib/watch/client';
import { NOTIFICATIONS_PATH } from '@/lib/watch/paths';
import { cn } from '@/lib/utils';

const POLL_MS = 60_000;

export function NotificationBell({ className, testId = 'notification-bell' }: { className?: string; testId?: string }) {
  const [count, setCount] = React.useState<number | null>(null);
  React.useEffect(() => {
    let live = true;
    const load = () =>
      notificationApi
        .getUnreadCount()
        .then((r) => live && setCount(r.Count))
        .catch(() => {});
    void load();
    const timer = window.setInterval(load, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void load();
    window.addEventListener(UNREAD_CHANGED_EVENT, load);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(UNREAD_CHANGED_EVENT, load);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  const label = count ? `Notificări: ${count} necitite` : 'Notificări';
  return (
    <Link
      href={NOTIFICATIONS_PATH}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={cn('relative inline-flex size-11 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
    >
      <Bell className="size-5" aria-hidden="true" />
      {count ? (
        <span className="absolute top-1 right-1 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-semibold text-white" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
