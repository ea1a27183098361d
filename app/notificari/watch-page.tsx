// The metadata of the signed-in monitoring pages (followed companies, notifications, settings);
// their frame is app/_pages/section-page.tsx.
import type { Metadata } from 'next';

export const watchPageMetadata = (title: string): Metadata => ({ title, robots: { index: false, follow: false } });
