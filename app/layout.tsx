import type { Metadata, Viewport } from 'next';
import { AuthProvider } from '@/components/auth/auth-provider';
import { SessionSiteShell } from '@/components/auth/session-site-shell';
import { LazySuggestionBox } from '@/components/layout/lazy-suggestion-box';
import { env } from '@/server/env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(env.APP_URL),
  // 000 §2.1: the page title is the product name, except on company details (the slug in upper-case words).
  title: 'RadarFirme',
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
        {/* The session (user, login/register modal, sign-out) wraps the shell; SessionSiteShell takes the SiteShell props except user/onOpenAuth/onSignOut. */}
        <AuthProvider>
          <SessionSiteShell searchSlot={<LazySuggestionBox variant="compact" />}>{children}</SessionSiteShell>
        </AuthProvider>
      </body>
    </html>
  );
}
