'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { ScrollToTopOnNavigate } from '@/components/layout/scroll-to-top-on-navigate';
import { Toaster } from '@/components/layout/toaster';
import { requestOpenAuth, requestSignOut } from '@/components/layout/auth-events';
import type { AuthMode, SessionUser } from '@/components/layout/nav-config';

export type SiteShellProps = {
  user: SessionUser;
  /** Default: pathname === '/'. */
  isLanding?: boolean;
  /** Default: dispatches the 'radarfirme:open-auth' window event (see auth-events.ts). */
  onOpenAuth?: (mode: AuthMode) => void;
  /** Default: dispatches the 'radarfirme:sign-out' window event. */
  onSignOut?: () => void;
  /** Search UI for the mobile search row. */
  searchSlot?: React.ReactNode;
  children: React.ReactNode;
};

/** Skip link, fixed header, <main id="main">, footer, toasts and scroll helpers. */
export function SiteShell({ user, isLanding, onOpenAuth, onSignOut, searchSlot, children }: SiteShellProps) {
  const pathname = usePathname();
  const landing = isLanding ?? pathname === '/';
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Sari la conținut
      </a>
      <SiteHeader
        user={user}
        isLanding={landing}
        onOpenAuth={onOpenAuth ?? requestOpenAuth}
        onSignOut={onSignOut ?? requestSignOut}
        searchSlot={searchSlot}
      />
      <main id="main" tabIndex={-1} className="flex w-full flex-1 flex-col pt-(--header-h) outline-none">
        {children}
      </main>
      <SiteFooter user={user} />
      <ScrollToTop />
      <ScrollToTopOnNavigate />
      <Toaster />
    </>
  );
}
