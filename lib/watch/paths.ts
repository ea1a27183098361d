// The pages of monitoring (the header, the mails and the pages link to them).
export const WATCHED_COMPANIES_PATH = '/companii-urmarite';
export const NOTIFICATIONS_PATH = '/notificari';
export const NOTIFICATION_SETTINGS_PATH = '/notificari/setari';
export const DIGEST_UNSUBSCRIBE_PATH = '/notificari/dezabonare';
