import { NotificationSettingsForm } from '@/components/watch/notification-settings-form';
import { NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';
import { signedInSectionPage } from '@/app/_pages/section-page';
import { watchPageMetadata } from '../watch-page';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Setări notificări');

export default signedInSectionPage({ title: 'Setări notificări', path: NOTIFICATION_SETTINGS_PATH }, NotificationSettingsForm);
