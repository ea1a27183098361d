'use client';

// What the header shows before its menus are loaded (header-menus.tsx, mobile-menu.tsx): triggers
// that look and are named like the Radix ones, plus the hook that loads a menu module on first
// hover, focus or press. A press before the module arrived opens the menu once it is there.
import * as React from 'react';
import { ChevronDown, CircleUser } from 'lucide-react';
import { cn } from '@/lib/utils';

export const navItemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground xl:px-3';

export const navMenuTriggerClass = (active: boolean) =>
  cn(navItemClass, 'group data-[state=open]:bg-accent', active ? 'bg-primary-soft text-primary' : 'text-foreground');

export const userMenuTriggerClass = cn(navItemClass, 'group max-w-56 text-foreground data-[state=open]:bg-accent');

/**
 * A module loaded on demand. `want()` starts loading; `open(id)` also asks that the menu `id`
 * opens when the module is there. `pending` is that id until the module arrived.
 */
export function useOnDemand<M>(loader: () => Promise<M>) {
  const [mod, setMod] = React.useState<M | null>(null);
  const [pending, setPending] = React.useState<string | null>(null);
  const started = React.useRef(false);
  const want = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    void loader().then((m) => setMod(() => m));
  }, [loader]);
  const open = React.useCallback(
    (id: string) => {
      setPending(id);
      want();
    },
    [want],
  );
  return { mod, pending: mod ? pending : null, openOnLoad: pending, want, open };
}

type StandInProps = { onWant: () => void; onOpen: () => void } & Omit<React.ComponentProps<'button'>, 'onFocus' | 'onPointerEnter' | 'onClick'>;

/** A button that loads its menu on hover/focus and opens it on click (or Enter / Space / ArrowDown). */
function MenuStandIn({ onWant, onOpen, children, ...props }: StandInProps) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={onWant}
      onFocus={onWant}
      onPointerDown={(e) => {
        if (e.button === 0) onOpen();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          onOpen();
        }
      }}
      {...props}
    >
      {children}
    </button>
  );
}

export function NavMenuStandIn({ label, active, onWant, onOpen }: { label: string; active: boolean; onWant: () => void; onOpen: () => void }) {
  return (
    <MenuStandIn className={navMenuTriggerClass(active)} onWant={onWant} onOpen={onOpen}>
      {label}
      <ChevronDown className="size-4" aria-hidden="true" />
    </MenuStandIn>
  );
}

export function UserMenuStandIn({ userName, onWant, onOpen }: { userName: string; onWant: () => void; onOpen: () => void }) {
  return (
    <MenuStandIn className={userMenuTriggerClass} onWant={onWant} onOpen={onOpen}>
      <CircleUser className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className="sr-only xl:not-sr-only xl:truncate">{userName}</span>
      <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
    </MenuStandIn>
  );
}
