'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Search, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchForm } from '@/components/ui/list-search-form';

const MOBILE_BAR_HEIGHT = 80;
const MOBILE_BAR_EXPANDED_HEIGHT = 155;

type MobileSearchBarProps = {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Left side of the bar (the logo). */
  start: React.ReactNode;
  /** Right side, after the search toggle (the hamburger). */
  end?: React.ReactNode;
  /** Search UI shown when expanded (the suggestion box); default a plain search form. */
  searchSlot?: React.ReactNode;
  className?: string;
};

/** The plain fallback: Enter opens advanced search with the typed text. */
function DefaultMobileSearch({ onSubmitted }: { onSubmitted?: () => void }) {
  const router = useRouter();
  const [text, setText] = React.useState('');
  return (
    <SearchForm
      aria-label="Căutare firme"
      className="flex w-full items-center gap-2"
      onSearch={() => {
        const value = text.trim();
        router.push(value ? `/Cautare-avansata/${encodeURIComponent(value)}` : '/Cautare-avansata');
        onSubmitted?.();
      }}
    >
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Nume firmă sau CUI"
        aria-label="Caută o firmă după nume sau CUI"
        enterKeyHint="search"
        className="h-11"
      />
      <Button type="submit" size="icon" className="size-11" aria-label="Caută">
        <Search aria-hidden="true" />
      </Button>
    </SearchForm>
  );
}

/**
 * Mobile navigation bar: 80 px tall, 155 px with the search row open.
 * Escape inside the search row closes it and returns focus to the toggle.
 */
export function MobileSearchBar({ expanded, onExpandedChange, start, end, searchSlot, className }: MobileSearchBarProps) {
  const panelId = React.useId();
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const panelRef = React.useRef<HTMLDivElement>(null);
  const wasExpanded = React.useRef(expanded);

  React.useEffect(() => {
    if (expanded && !wasExpanded.current) {
      panelRef.current?.querySelector<HTMLElement>('input, [role="combobox"], button')?.focus();
    }
    wasExpanded.current = expanded;
  }, [expanded]);

  return (
    <div
      data-slot="mobile-search-bar"
      data-expanded={expanded}
      className={cn('flex flex-col transition-[height] duration-200', className)}
      style={{ height: expanded ? MOBILE_BAR_EXPANDED_HEIGHT : MOBILE_BAR_HEIGHT }}
    >
      <div className="flex h-20 shrink-0 items-center gap-2 px-4 sm:px-6">
        {start}
        <div className="ml-auto flex items-center gap-1">
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="size-11"
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={expanded ? 'Închide căutarea' : 'Deschide căutarea'}
            onClick={() => onExpandedChange(!expanded)}
          >
            {expanded ? <X className="size-5" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
          </Button>
          {end}
        </div>
      </div>
      <div
        id={panelId}
        ref={panelRef}
        hidden={!expanded}
        className="flex h-[75px] shrink-0 items-start px-4 pt-1 sm:px-6"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            onExpandedChange(false);
            toggleRef.current?.focus();
          }
        }}
      >
        {searchSlot ?? <DefaultMobileSearch onSubmitted={() => onExpandedChange(false)} />}
      </div>
    </div>
  );
}
