'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CircleUser, KeyRound, KeySquare, LogOut, Menu, Unplug, Webhook, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';
import {
  API_KEYS_PATH,
  WEBHOOKS_PATH,
  CRM_PATH,
  CHANGE_PASSWORD_PATH,
  getMobileNav,
  isActivePath,
  type AuthMode,
  type NavLink,
  type SessionUser,
} from '@/components/layout/nav-config';

export type MobileMenuProps = {
  user: SessionUser;
  onOpenAuth: (mode: AuthMode) => void;
  onSignOut: () => void;
  /** Called when the menu opens (e.g. to close the search row). */
  onOpen?: () => void;
  /** Open on mount (the header loads this menu when its stand-in hamburger is pressed). */
  defaultOpen?: boolean;
};

function MenuLink({ link, pathname, nested = false }: { link: NavLink; pathname: string; nested?: boolean }) {
  const active = isActivePath(pathname, link.href);
  return (
    <DialogPrimitive.Close asChild>
      <Link
        href={link.href}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex min-h-11 items-center rounded-md px-3 text-base font-medium transition-colors hover:bg-accent',
          nested && 'pl-6 text-[0.95rem]',
          active ? 'bg-primary-soft text-primary' : 'text-foreground',
        )}
      >
        {link.label}
      </Link>
    </DialogPrimitive.Close>
  );
}

/**
 * Hamburger + side sheet. Radix Dialog traps focus, locks page scroll while open and
 * returns focus to the hamburger; the sheet also closes on every navigation.
 */
export function MobileMenu({ user, onOpenAuth, onSignOut, onOpen, defaultOpen }: MobileMenuProps) {
  const pathname = usePathname() ?? '/';
  // The menu is open only on the path where it was opened, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = React.useState<string | null>(defaultOpen ? pathname : null);
  const open = openOnPath === pathname;
  const setOpen = (next: boolean) => setOpenOnPath(next ? pathname : null);
  const entries = getMobileNav(user);

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
    >
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="size-11" aria-label="Deschide meniul">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/55 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100%)] flex-col bg-background shadow-lg data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right"
        >
          <div className="flex h-20 shrink-0 items-center justify-between gap-2 border-b px-4">
            <DialogPrimitive.Title className="sr-only">Meniu</DialogPrimitive.Title>
            <Logo href="/" onClick={() => setOpen(false)} />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="size-11" aria-label="Închide meniul">
                <X className="size-6" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Meniu principal" className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
            <ul className="flex flex-col gap-1">
              {entries.map((entry) =>
                entry.kind === 'link' ? (
                  <li key={entry.href}>
                    <MenuLink link={entry} pathname={pathname} />
                  </li>
                ) : (
                  <li key={entry.label} className="pt-2">
                    <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase" id={`mm-${entry.label}`}>
                      {entry.label}
                    </p>
                    <ul aria-labelledby={`mm-${entry.label}`} className="flex flex-col gap-1">
                      {entry.items.map((item) => (
                        <li key={item.href}>
                          <MenuLink link={item} pathname={pathname} nested />
                        </li>
                      ))}
                    </ul>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="shrink-0 border-t p-4">
            {user ? (
              <div className="flex flex-col gap-3">
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <CircleUser className="size-5 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 truncate">
                    Conectat ca <span className="font-semibold text-foreground">{user.UserName}</span>
                  </span>
                </p>
                <Button asChild variant="outline" className="h-11 w-full">
                  <Link href={CHANGE_PASSWORD_PATH} onClick={() => setOpen(false)}>
                    <KeyRound aria-hidden="true" />
                    Schimbă parola
                  </Link>
                </Button>
                <Button asChild variant="outline" className="h-11 w-full">
                  <Link href={API_KEYS_PATH} onClick={() => setOpen(false)}>
                    <KeySquare aria-hidden="true" />
                    Chei API
                  </Link>
                </Button>
                <Button asChild variant="outline" className="h-11 w-full">
                  <Link href={WEBHOOKS_PATH} onClick={() => setOpen(false)}>
                    <Webhook aria-hidden="true" />
                    Webhook-uri
                  </Link>
                </Button>
                <Button asChild variant="outline" className="h-11 w-full">
                  <Link href={CRM_PATH} onClick={() => setOpen(false)}>
                    <Unplug aria-hidden="true" />
                    CRM
                  </Link>
                </Button>
                <Button
                  variant="outline"
                  className="h-11 w-full"
                  onClick={() => {
                    setOpen(false);
                    onSignOut();
                  }}
                >
                  <LogOut aria-hidden="true" />
                  Deconectare
                </Button>
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  className="h-11"
                  onClick={() => {
                    setOpen(false);
                    onOpenAuth('register');
                  }}
                >
                  Înregistrare
                </Button>
                <Button
                  className="h-11"
                  onClick={() => {
                    setOpen(false);
                    onOpenAuth('login');
                  }}
                >
                  Autentificare
                </Button>
              </div>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
