// Files of the public/ folder that pages refer to. The default Open Graph image is used by every
// page that has no image of its own (a page's openGraph replaces the layout's, so pages that set
// openGraph list it again).
export const DEFAULT_OG_IMAGE = {
  url: '/og-default.jpg',
  width: 1200,
  height: 630,
  alt: 'RadarFirme: informații despre firmele din România',
} as const;

export const SITE_ICONS = {
  icon: [
    { url: '/favicon.ico', sizes: '32x32' },
    { url: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  ],
  apple: [{ url: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }],
};

export const WEB_MANIFEST = '/site.webmanifest';
