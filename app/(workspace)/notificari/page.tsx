import { NotificationFeed } from '@/components/watch/notification-feed';
import { SavedSearchNotices } from '@/components/prospecting/saved-search-notices';
import { NOTIFICATIONS_PATH } from '@/lib/watch/paths';
import { sectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '@/app/_pages/watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Notificări');

/** The saved searches' new matches (decision 117, shown only when there are some) above the companies' changes. */
function Notifications() {
  return (
    <>
      <SavedSearchNotices />
      <NotificationFeed />
    </>
  );
}

export default sectionPage(
  { title: 'Notificări', path: NOTIFICATIONS_PATH, description: 'Modificările găsite la importurile de date oficiale, la firmele pe care le urmăriți, și firmele noi ale căutărilor salvate.' },
  Notifications,
);
