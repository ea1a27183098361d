import { NotificationFeed } from '@/components/watch/notification-feed';
import { NOTIFICATIONS_PATH } from '@/lib/watch/paths';
import { WatchPage, watchPageMetadata } from './watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Notificări');

export default function NotificationsPage() {
  return (
    <WatchPage title="Notificări" path={NOTIFICATIONS_PATH} description="Modificările găsite la importurile de date oficiale, la firmele pe care le urmăriți.">
      <NotificationFeed />
    </WatchPage>
  );
}
