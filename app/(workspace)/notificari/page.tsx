import { NotificationFeed } from '@/components/watch/notification-feed';
import { NOTIFICATIONS_PATH } from '@/lib/watch/paths';
import { sectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '@/app/_pages/watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Notificări');

export default sectionPage(
  { title: 'Notificări', path: NOTIFICATIONS_PATH, description: 'Modificările găsite la importurile de date oficiale, la firmele pe care le urmăriți.' },
  NotificationFeed,
);
