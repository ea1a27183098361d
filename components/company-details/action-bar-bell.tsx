'use client';

// The notifications bell in the company page's bottom bar on a phone (decision 093): the header's
// bell sits at the top, out of the thumb's reach. Signed in only; hidden from 768 px up, where the
// buttons go back into the page header and the header's bell is at hand.
import { NotificationBell } from '@/components/watch/notification-bell';
import { useSignedIn } from './group-button';

export function ActionBarBell() {
  const signedIn = useSignedIn();
  if (!signedIn) return null;
  return <NotificationBell className="shrink-0 border md:hidden" testId="action-bar-bell" />;
}
