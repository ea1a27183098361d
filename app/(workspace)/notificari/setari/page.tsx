import { NotificationSettingsForm } from '@/components/watch/notification-settings-form';
import { NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';
import { sectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '@/app/_pages/watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Setări notificări');

export default sectionPage({ title: 'Setări notificări', path: NOTIFICATION_SETTINGS_PATH }, NotificationSettingsForm);
