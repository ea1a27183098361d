import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { AuthProvider } from '@/components/auth/auth-provider';
import { SessionSiteShell } from '@/components/auth/session-site-shell';
import { LazySuggestionBox } from '@/components/layout/lazy-suggestion-box';
import { DEFAULT_OG_IMAGE, SITE_ICONS, WEB_MANIFEST } from '@/lib/site';
import { env } from '@/server/kernel/env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(env.APP_URL),
  // Spec 000 §2.1: the page title is the product name, except on company details (the slug in
  // upper-case words, an absolute title). A page with a title of its own keeps the product name
  // after it ("Coduri CAEN · RadarFirme"), as the error page does.
  title: { default: 'RadarFirme', template: '%s · RadarFirme' },
  description:
    'RadarFirme: caută firmele din România după nume sau CUI și vezi cifra de afaceri, profitul, angajații, contactele, licitațiile și proiectele europene.',
  applicationName: 'RadarFirme',
  openGraph: { type: 'website', locale: 'ro_RO', siteName: 'RadarFirme', images: [DEFAULT_OG_IMAGE] },
  twitter: { card: 'summary_large_image', images: [DEFAULT_OG_IMAGE.url] },
  icons: SITE_ICONS,
  manifest: WEB_MANIFEST,
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  // The on-screen keyboard shrinks the layout viewport (Chrome on Android): a full-screen dialog and
  // a bar fixed at the bottom stay above the keys instead of under them (decision 093).
  interactiveWidget: 'resizes-content',
  themeColor: '#3641b8',
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // Every page is rendered per request: its scripts carry the nonce of that answer's
  // Content-Security-Policy (proxy.ts, docs/decisions/033-security-headers.md); a page prerendered
  // at build time would hold no nonce and its scripts would be refused.
  await connection();
  return (
    // data-rf-ssr: this HTML came from the server (components/layout/keep-server-html.tsx).
    <html lang="ro" data-rf-ssr="">
      <body className="flex min-h-dvh flex-col">
        {/* The session (user, login/register modal, sign-out) wraps the shell; SessionSiteShell takes the SiteShell props except user/onOpenAuth/onSignOut. */}
        <AuthProvider>
          <SessionSiteShell searchSlot={<LazySuggestionBox variant="compact" />}>{children}</SessionSiteShell>
        </AuthProvider>
      </body>
    </html>
  );
}
