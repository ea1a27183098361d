// The metadata of the monitoring pages (followed companies, notifications, their settings and the
// unsubscribe page of the notification mails): a link from a mail must never land in an index.
import type { Metadata } from 'next';

export const watchPageMetadata = (title: string): Metadata => ({ title, robots: { index: false, follow: false } });
