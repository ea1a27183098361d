import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { NotificationFeed } from '@/components/watch/notification-feed';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';
import { NOTIFICATIONS_PATH } from '@/lib/watch/paths';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Notificări', robots: { index: false, follow: false } };

export default async function NotificationsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Notificări" path={NOTIFICATIONS_PATH} description="Modificările găsite la importurile de date oficiale, la firmele pe care le urmăriți." />
      <NotificationFeed />
    </PageContainer>
  );
}
