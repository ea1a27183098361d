'use client';

// The header's Radix menus (desktop dropdowns, the user menu) on their own chunk: site-header.tsx
// shows look-alike triggers and loads this file when a trigger is hovered, focused or pressed
// (Radix DropdownMenu and its popper are about 20 kB gzip that no first paint needs).
import * as React from 'react';
import Link from 'next/link';
import { ChevronDown, CircleUser, KeyRound, KeySquare, LogOut, Unplug, Webhook } from 'lucide-react';
import { cn } from '@/lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { API_KEYS_PATH, WEBHOOKS_PATH, CRM_PATH, CHANGE_PASSWORD_PATH, isActivePath, type NavEntry } from '@/components/layout/nav-config';
import { navMenuTriggerClass, userMenuTriggerClass } from '@/components/layout/header-triggers';

type NavMenu = Extract<NavEntry, { kind: 'menu' }>;

export function NavDropdown({ entry, pathname, defaultOpen }: { entry: NavMenu; pathname: string; defaultOpen?: boolean }) {
  const active = entry.items.some((item) => isActivePath(pathname, item.href));
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={navMenuTriggerClass(active)}>
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

export function UserMenu({ user, onSignOut, defaultOpen }: { user: { UserName: string }; onSignOut: () => void; defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={userMenuTriggerClass}>
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
        <DropdownMenuItem asChild>
          <Link href={CHANGE_PASSWORD_PATH}>
            <KeyRound aria-hidden="true" />
            Schimbă parola
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={API_KEYS_PATH}>
            <KeySquare aria-hidden="true" />
            Chei API
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={WEBHOOKS_PATH}>
            <Webhook aria-hidden="true" />
            Webhook-uri
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={CRM_PATH}>
            <Unplug aria-hidden="true" />
            CRM
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Deconectare
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
