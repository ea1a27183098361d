'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Menu } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';
import { MobileSearchBar } from '@/components/layout/mobile-search-bar';
import { useScrollThreshold } from '@/components/layout/use-scroll-threshold';
import { NavMenuStandIn, UserMenuStandIn, navItemClass, useOnDemand } from '@/components/layout/header-triggers';
import { getMainNav, isActivePath, type AuthMode, type NavEntry, type SessionUser } from '@/components/layout/nav-config';
import { NotificationBell } from '@/components/watch/notification-bell';

const NAV_BACKGROUND_THRESHOLD = 80;

type SiteHeaderProps = {
  user: SessionUser;
  /** Landing page: transparent bar at the top, white with a shadow after 80 px. */
  isLanding?: boolean;
  onOpenAuth: (mode: AuthMode) => void;
  onSignOut: () => void;
  /** Search UI for the mobile search row (the suggestion box). */
  searchSlot?: React.ReactNode;
};

// The menus (Radix DropdownMenu / Dialog) load on first hover, focus or press of their trigger.
const loadMenus = () => import('@/components/layout/header-menus');
const loadMobileMenu = () => import('@/components/layout/mobile-menu');
type Menus = Awaited<ReturnType<typeof loadMenus>>;

function DesktopNavEntry({
  entry,
  pathname,
  menus,
}: {
  entry: NavEntry;
  pathname: string;
  menus: ReturnType<typeof useOnDemand<Menus>>;
}) {
  if (entry.kind === 'link') {
    const active = isActivePath(pathname, entry.href);
    return (
      <Link
        href={entry.href}
        aria-current={active ? 'page' : undefined}
        className={cn(navItemClass, active ? 'bg-primary-soft text-primary' : 'text-foreground')}
      >
        {entry.label}
      </Link>
    );
  }
  if (menus.mod) return <menus.mod.NavDropdown entry={entry} pathname={pathname} defaultOpen={menus.pending === entry.label} />;
  const active = entry.items.some((item) => isActivePath(pathname, item.href));
  return <NavMenuStandIn label={entry.label} active={active} onWant={menus.want} onOpen={() => menus.open(entry.label)} />;
}

/**
 * Fixed 80 px bar. Desktop (≥1024 px): links and dropdowns; below: logo, search toggle
 * and hamburger. Background turns white after 80 px of scrolling (shadow on the landing).
 */
export function SiteHeader({ user, isLanding = false, onOpenAuth, onSignOut, searchSlot }: SiteHeaderProps) {
  const pathname = usePathname() ?? '/';
  const scrolled = useScrollThreshold(NAV_BACKGROUND_THRESHOLD);
  // The search row stays open only on the path where it was opened (closes on navigation).
  const [searchOpenOnPath, setSearchOpenOnPath] = React.useState<string | null>(null);
  const searchOpen = searchOpenOnPath === pathname;
  const setSearchOpen = (next: boolean) => setSearchOpenOnPath(next ? pathname : null);
  const entries = getMainNav(user);
  const menus = useOnDemand(loadMenus);
  const mobileMenu = useOnDemand(loadMobileMenu);

  const solid = scrolled || searchOpen;

  return (
    <header
      data-slot="site-header"
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200',
        solid
          ? cn('bg-background', isLanding ? 'border-transparent shadow-header' : 'border-border')
          : isLanding
            ? 'border-transparent bg-transparent'
            : 'border-transparent bg-background/85 backdrop-blur-md',
      )}
    >
      <div className="mx-auto hidden h-(--header-h) max-w-7xl items-center gap-4 px-8 lg:flex xl:gap-6">
        <Logo />
        <nav aria-label="Navigare principală" className="min-w-0 flex-1">
          <ul className="flex items-center gap-0.5">
            {entries.map((entry) => (
              <li key={entry.kind === 'link' ? entry.href : entry.label}>
                <DesktopNavEntry entry={entry} pathname={pathname} menus={menus} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {user ? <NotificationBell /> : null}
          {user ? (
            menus.mod ? (
              <menus.mod.UserMenu user={user} onSignOut={onSignOut} defaultOpen={menus.pending === 'user'} />
            ) : (
              <UserMenuStandIn userName={user.UserName} onWant={menus.want} onOpen={() => menus.open('user')} />
            )
          ) : (
            <>
              <Button variant="ghost" onClick={() => onOpenAuth('register')}>
                Înregistrare
              </Button>
              <Button onClick={() => onOpenAuth('login')}>Autentificare</Button>
            </>
          )}
        </div>
      </div>
      <MobileSearchBar
        className="lg:hidden"
        expanded={searchOpen}
        onExpandedChange={setSearchOpen}
        searchSlot={searchSlot}
        start={<Logo />}
        end={
          <div className="flex items-center">
          {user ? <NotificationBell /> : null}
          {mobileMenu.mod ? (
            <mobileMenu.mod.MobileMenu
              user={user}
              onOpenAuth={onOpenAuth}
              onSignOut={onSignOut}
              onOpen={() => setSearchOpen(false)}
              defaultOpen={mobileMenu.pending === 'menu'}
            />
          ) : (
            <Button
              variant="ghost"
              size="icon"
              className="size-11"
              aria-label="Deschide meniul"
              aria-haspopup="dialog"
              aria-expanded={false}
              onPointerEnter={mobileMenu.want}
              onFocus={mobileMenu.want}
              onClick={() => {
                setSearchOpen(false);
                mobileMenu.open('menu');
              }}
            >
              <Menu className="size-6" aria-hidden="true" />
            </Button>
          )}
          </div>
        }
      />
    </header>
  );
}
