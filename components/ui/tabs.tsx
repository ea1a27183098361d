'use client';

// Tabs after the WAI-ARIA Authoring Practices "Tabs" pattern, with the API of Radix Tabs (Tabs,
// TabsList, TabsTrigger, TabsContent; value/onValueChange or defaultValue; activationMode;
// forceMount). Written here rather than taken from Radix because it sits on the first load of every
// company page: Radix Tabs brings its collection, roving-focus and presence layers (about 10 kB
// gzip), this file about 1 kB. Decision 010 has the measurements.
//
// Keyboard: Tab enters the list on the selected tab and leaves it for the panel; ← and → move
// between tabs (wrapping), Home and End go to the first and last. With activationMode "automatic"
// (the default) moving selects; with "manual" Enter or Space selects.
import * as React from 'react';
import { cn } from '@/lib/utils';

type TabsContextValue = {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
  activationMode: 'automatic' | 'manual';
};
const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const ctx = React.useContext(TabsContext);
  if (!ctx) throw new Error(`<${part}> must be inside <Tabs>`);
  return ctx;
}

/** Ids that tie a tab to its panel; values are slugs in this app, escaped anyway. */
const partId = (baseId: string, part: 'trigger' | 'content', value: string) => `${baseId}-${part}-${value.replace(/[^\w-]/g, '_')}`;

export type TabsProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: 'automatic' | 'manual';
};

export function Tabs({ value, defaultValue, onValueChange, activationMode = 'automatic', ...props }: TabsProps) {
  const baseId = React.useId();
  const [own, setOwn] = React.useState(defaultValue);
  const current = value ?? own;
  const select = React.useCallback(
    (next: string) => {
      if (value === undefined) setOwn(next);
      if (next !== current) onValueChange?.(next);
    },
    [value, current, onValueChange],
  );
  const ctx = React.useMemo(() => ({ baseId, value: current, select, activationMode }), [baseId, current, select, activationMode]);
  return (
    <TabsContext.Provider value={ctx}>
      <div data-slot="tabs" {...props} />
    </TabsContext.Provider>
  );
}

/** Underlined tab strip; scrolls horizontally on narrow screens. */
export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  const { activationMode, select } = useTabs('TabsList');
  const onKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tabs = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
    const at = tabs.indexOf(e.target as HTMLButtonElement);
    if (at < 0 || tabs.length === 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    next.focus();
    if (activationMode === 'automatic' && next.dataset.value !== undefined) select(next.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn('flex w-full items-end gap-1 overflow-x-auto border-b border-border [scrollbar-width:thin]', className)}
      onKeyDown={onKey}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, disabled, ...props }: React.ComponentProps<'button'> & { value: string }) {
  const { baseId, value: current, select } = useTabs('TabsTrigger');
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={partId(baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={partId(baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-value={value}
      data-slot="tabs-trigger"
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={cn(
        '-mb-px inline-flex h-10 shrink-0 items-center justify-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-[-2px] disabled:pointer-events-none disabled:opacity-50 data-[state=active]:border-primary data-[state=active]:text-primary [&_svg]:size-4',
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

/**
 * A tab's panel. Unmounted while its tab is not selected, unless `forceMount` (then hidden, or
 * whatever `hidden` says: the company page keeps opened panels mounted and hides them itself).
 */
export function TabsContent({ value, forceMount, hidden, className, ...props }: React.ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const { baseId, value: current } = useTabs('TabsContent');
  const selected = value === current;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={partId(baseId, 'content', value)}
      aria-labelledby={partId(baseId, 'trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-slot="tabs-content"
      tabIndex={0}
      hidden={hidden ?? !selected}
      className={cn('pt-4 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}
