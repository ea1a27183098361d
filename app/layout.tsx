import type { Metadata, Viewport } from 'next';
import { SiteShell } from '@/components/layout/site-shell';
import './globals.css';

const SITE_URL = 'http://localhost:3000';

export const metadata: Metadata = {
  metadataBase: new URL(SITE_URL),
  title: { default: 'RadarFirme', template: '%s | RadarFirme' },
  description:
    'RadarFirme: caută firmele din România după nume sau CUI și vezi cifra de afaceri, profitul, angajații, contactele, licitațiile și proiectele europene.',
  applicationName: 'RadarFirme',
  openGraph: { type: 'website', locale: 'ro_RO', siteName: 'RadarFirme' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#3641b8',
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="ro">
      <body className="flex min-h-dvh flex-col">
        <SiteShell user={null}>{children}</SiteShell>
      </body>
    </html>
  );
}
