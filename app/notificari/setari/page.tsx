import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { NotificationSettingsForm } from '@/components/watch/notification-settings-form';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';
import { NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Setări notificări', robots: { index: false, follow: false } };

export default async function NotificationSettingsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Setări notificări" path={NOTIFICATION_SETTINGS_PATH} />
      <NotificationSettingsForm />
    </PageContainer>
  );
}
