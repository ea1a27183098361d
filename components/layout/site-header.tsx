'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ChevronDown, CircleUser, LogOut } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Logo } from '@/components/layout/logo';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { MobileSearchBar } from '@/components/layout/mobile-search-bar';
import { useScrollThreshold } from '@/components/layout/use-scroll-threshold';
import { getMainNav, isActivePath, type AuthMode, type NavEntry, type SessionUser } from '@/components/layout/nav-config';

export const NAV_BACKGROUND_THRESHOLD = 80;

export type SiteHeaderProps = {
  user: SessionUser;
  /** Landing page: transparent bar at the top, white with a shadow after 80 px. */
  isLanding?: boolean;
  onOpenAuth: (mode: AuthMode) => void;
  onSignOut: () => void;
  /** Search UI for the mobile search row (the suggestion box). */
  searchSlot?: React.ReactNode;
};

const navItemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground xl:px-3';

function DesktopNavEntry({ entry, pathname }: { entry: NavEntry; pathname: string }) {
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
  const active = entry.items.some((item) => isActivePath(pathname, item.href));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          navItemClass,
          'group data-[state=open]:bg-accent',
          active ? 'bg-primary-soft text-primary' : 'text-foreground',
        )}
      >
        {entry.label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-56">
        {entry.items.map((item) => {
          const itemActive = isActivePath(pathname, item.href);
          return (
            <DropdownMenuItem key={item.href} asChild className={cn(itemActive && 'font-semibold text-primary')}>
              <Link href={item.href} aria-current={itemActive ? 'page' : undefined}>
                {item.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserMenu({ user, onSignOut }: { user: NonNullable<SessionUser>; onSignOut: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={cn(navItemClass, 'group max-w-56 text-foreground data-[state=open]:bg-accent')}>
        <CircleUser className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {/* Between 1024 and 1280 px the admin bar is full: the name moves into the menu label. */}
        <span className="sr-only xl:not-sr-only xl:truncate">{user.UserName}</span>
        <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel className="font-normal">
          Conectat ca <span className="block truncate text-sm font-semibold text-foreground">{user.UserName}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Deconectare
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
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
                <DesktopNavEntry entry={entry} pathname={pathname} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {user ? (
            <UserMenu user={user} onSignOut={onSignOut} />
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
        end={<MobileMenu user={user} onOpenAuth={onOpenAuth} onSignOut={onSignOut} onOpen={() => setSearchOpen(false)} />}
      />
    </header>
  );
}
