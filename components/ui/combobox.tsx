'use client';

import * as React from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown, Search, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Spinner } from '@/components/ui/spinner';

export type ComboboxOption = {
  value: string;
  label: string;
  /** Second line under the label (e.g. a CAEN description or a count). */
  description?: string;
  /** Extra words the search matches. */
  keywords?: string[];
  /** A number shown at the end of the row (e.g. how many results the option gives). */
  count?: string;
  disabled?: boolean;
};

export type ComboboxProps = {
  options: ComboboxOption[];
  /** Selected value; null means nothing (or 'Toate' when allOption is set). */
  value: string | null;
  onValueChange: (value: string | null, option: ComboboxOption | null) => void;
  /** Trigger text when nothing is selected. Default 'Selectează'. */
  placeholder?: string;
  /** Default 'Caută…'. */
  searchPlaceholder?: string;
  /** Default 'Nu există elemente!'. */
  emptyText?: string;
  /** Adds a first entry that selects null: true for 'Toate', or a custom label. */
  allOption?: boolean | string;
  /** Shows a spinner in the list (async loading). */
  loading?: boolean;
  /**
   * Async mode: when set, local filtering is off and this is called (debounced) with the
   * typed text so the caller can load matching options into `options`.
   */
  onSearchChange?: (query: string) => void;
  /** Debounce of onSearchChange in ms. Default 250. */
  searchDebounceMs?: number;
  /** Called when the list opens or closes (e.g. to load options on first open). */
  onOpenChange?: (open: boolean) => void;
  /** Option for the current value when it may be missing from `options` (async mode). */
  selectedOption?: ComboboxOption | null;
  /** Shows an 'x' button that clears the selection. */
  clearable?: boolean;
  renderOption?: (option: ComboboxOption) => React.ReactNode;
  /**
   * Async mode, paged: a last row "Mai multe…" (loadMoreLabel) appends the next page of matches
   * while the list stays open.
   */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadMoreLabel?: string;
  /** Set true when used inside a Dialog so the list can scroll with the wheel. */
  modal?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
  contentClassName?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

const ALL_VALUE = '__rf_all__';
const MORE_VALUE = '__rf_more__';

/** Lower-case and strip diacritics so 'Bucuresti' finds 'București' and 'iasi' finds 'Iași'. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

function filterOption(_value: string, search: string, keywords?: string[]): number {
  const query = normalizeSearchText(search);
  if (!query) return 1;
  const haystack = normalizeSearchText((keywords ?? []).join(' '));
  if (haystack.startsWith(query)) return 1;
  return haystack.includes(query) ? 0.5 : 0;
}

/** Searchable single select (radix Popover + cmdk). */
export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Selectează',
  searchPlaceholder = 'Caută…',
  emptyText = 'Nu există elemente!',
  allOption = false,
  loading = false,
  onSearchChange,
  searchDebounceMs = 250,
  onOpenChange,
  selectedOption,
  clearable = false,
  renderOption,
  hasMore = false,
  onLoadMore,
  loadMoreLabel = 'Mai multe…',
  modal = false,
  disabled = false,
  id,
  name,
  className,
  contentClassName,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ComboboxProps) {
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState('');
  const isAsync = typeof onSearchChange === 'function';
  const allLabel = allOption === true ? 'Toate' : allOption || null;

  const onSearchChangeRef = React.useRef(onSearchChange);
  React.useEffect(() => {
    onSearchChangeRef.current = onSearchChange;
  });
  React.useEffect(() => {
    if (!isAsync || !open) return;
    const timer = window.setTimeout(() => onSearchChangeRef.current?.(query), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [query, open, isAsync, searchDebounceMs]);

  const current =
    value === null ? null : (options.find((o) => o.value === value) ?? (selectedOption?.value === value ? selectedOption : null));
  const triggerText = current ? current.label : value === null && allLabel ? allLabel : null;

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery('');
    onOpenChange?.(next);
  };

  const select = (option: ComboboxOption | null) => {
    onValueChange(option ? option.value : null, option);
    handleOpenChange(false);
  };

  const showAll = allLabel !== null && (!isAsync || query === '');
  // While new matches load over shown ones, the rows stay where they are and a spinner turns in
  // the search bar: a loading row above them would push every row down under the pointer, so a
  // click aimed at one match could land on the spinner or on the next match.
  const refreshing = loading && options.length > 0;

  // The active (highlighted) row. cmdk picks the first row itself when it filters; in async mode
  // the rows arrive later, so the first one is made active here: Enter then chooses the top match
  // as soon as it is shown, as in the local mode.
  const [active, setActive] = React.useState('');
  const firstValue = showAll ? ALL_VALUE : (options.find((o) => !o.disabled)?.value ?? '');
  const activeShown =
    active === ALL_VALUE ? showAll : active === MORE_VALUE ? hasMore : options.some((o) => o.value === active && !o.disabled);
  const activeValue = activeShown ? active : firstValue;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={handleOpenChange} modal={modal}>
      <div className={cn('relative w-full min-w-0', className)} data-slot="combobox">
        <PopoverPrimitive.Trigger asChild disabled={disabled}>
          <button
            type="button"
            id={id}
            // Radix's trigger adds aria-controls (its content id) when merged through asChild.
            // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
            role="combobox"
            aria-expanded={open}
            aria-label={ariaLabel}
            aria-labelledby={ariaLabelledBy}
            aria-invalid={ariaInvalid}
            aria-describedby={ariaDescribedBy}
            className={cn(
              'flex h-11 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-base shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive md:h-10 md:text-sm',
              clearable && current && 'pr-16',
            )}
          >
            <span className={cn('truncate', !triggerText && 'text-placeholder')}>{triggerText ?? placeholder}</span>
            <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </button>
        </PopoverPrimitive.Trigger>
        {clearable && current && !disabled ? (
          <button
            type="button"
            aria-label="Șterge selecția"
            title="Șterge selecția"
            onClick={() => onValueChange(null, null)}
            className="absolute top-1/2 right-8 inline-flex size-9 -translate-y-1/2 md:size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
      </div>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={6}
          aria-label={ariaLabel ?? placeholder}
          className={cn(
            'z-50 w-(--radix-popover-trigger-width) max-w-[calc(100vw-1rem)] min-w-60 overflow-hidden rounded-lg border bg-background text-foreground shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
            contentClassName,
          )}
        >
          <Command
            shouldFilter={!isAsync}
            filter={filterOption}
            label={ariaLabel ?? searchPlaceholder}
            loop
            {...(isAsync ? { value: activeValue, onValueChange: setActive } : {})}
          >
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder={searchPlaceholder}
                className="h-11 w-full min-w-0 bg-transparent text-base outline-none focus-visible:outline-none md:h-10 md:text-sm"
              />
              {refreshing ? <Spinner size="sm" label="Se încarcă" className="shrink-0" data-testid="combobox-refreshing" /> : null}
            </div>
            <Command.List label="Opțiuni" className="max-h-72 overflow-y-auto overscroll-contain p-1">
              {loading && !refreshing ? (
                <Command.Loading>
                  <div className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
                    <Spinner size="sm" label={null} /> Se încarcă…
                  </div>
                </Command.Loading>
              ) : (
                <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{emptyText}</Command.Empty>
              )}
              {showAll ? (
                <Command.Item
                  value={ALL_VALUE}
                  keywords={[allLabel as string]}
                  onSelect={() => select(null)}
                  className={itemClassName}
                >
                  <Check className={cn('size-4 shrink-0 text-primary', value === null ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                  <span className="font-medium">{allLabel}</span>
                </Command.Item>
              ) : null}
              {options.map((option) => (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label, option.description ?? '', ...(option.keywords ?? [])]}
                  disabled={option.disabled}
                  onSelect={() => select(option)}
                  className={itemClassName}
                >
                  <Check
                    className={cn('mt-0.5 size-4 shrink-0 self-start text-primary', option.value === value ? 'opacity-100' : 'opacity-0')}
                    aria-hidden="true"
                  />
                  {renderOption ? (
                    renderOption(option)
                  ) : (
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate">{option.label}</span>
                      {option.description ? (
                        <span className="truncate text-xs text-muted-foreground">{option.description}</span>
                      ) : null}
                    </span>
                  )}
                  {option.count !== undefined ? (
                    <>
                      {' '}
                      <span className="ml-auto shrink-0 self-start pl-2 text-xs tabular-nums text-muted-foreground" data-facet-count="">
                        {option.count}
                      </span>
                    </>
                  ) : null}
                </Command.Item>
              ))}
              {hasMore && onLoadMore && !loading ? (
                <Command.Item value={MORE_VALUE} keywords={[loadMoreLabel]} onSelect={() => onLoadMore()} className={itemClassName}>
                  <span className="w-full text-center font-medium text-primary">{loadMoreLabel}</span>
                </Command.Item>
              ) : null}
            </Command.List>
          </Command>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

const itemClassName =
  'flex min-h-11 cursor-pointer items-center md:min-h-9 gap-2 rounded-md px-2.5 py-1.5 text-sm outline-none select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';
