'use client';

// The suggested-company search box: up to 5 suggestions while typing, the typed text
// highlighted; choosing one opens the company page in a new tab; Enter opens the advanced search
// with the text in a new tab. ARIA 1.2 combobox: the focus stays in the input, the active option is
// announced through aria-activedescendant.
import * as React from 'react';
import { Building2, Loader2, MapPin, Search } from 'lucide-react';
import { buildSearchPath } from '@/lib/filters';
import { formatCompact, formatNumber } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import type { CompanyCardData } from '@/components/company/company-card';
import { Highlight } from './highlight';
import { rememberLastSearched } from './last-searched';
import { apiCall } from '@/lib/api/client';

const SUGGESTIONS_EMPTY_TEXT = 'Nu am găsit nicio firmă pentru CUI-ul sau numele introdus.';
const DEBOUNCE_MS = 180;
const MAX_TEXT = 200;

type Suggestion = CompanyCardData;

export type SuggestionBoxProps = {
  variant?: 'hero' | 'compact';
  /** Shows the Search button (hero). */
  withButton?: boolean;
  placeholder?: string;
  className?: string;
  /** Called after a suggestion or the advanced search was opened (e.g. to close the mobile row). */
  onDone?: () => void;
  autoFocus?: boolean;
};

function openInNewTab(url: string) {
  // Not the 'noopener' feature: with it window.open always returns null, and a blocked pop-up
  // could not be told apart. The opener is cut by hand instead.
  const w = window.open(url, '_blank');
  if (w) w.opener = null;
  // Pop-ups blocked: open it here rather than doing nothing.
  else window.location.assign(url);
}

export function SuggestionBox({
  variant = 'compact',
  withButton = false,
  placeholder = 'Nume firmă sau CUI',
  className,
  onDone,
  autoFocus,
}: SuggestionBoxProps) {
  const id = React.useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [text, setText] = React.useState('');
  const [items, setItems] = React.useState<Suggestion[]>([]);
  const [loadedFor, setLoadedFor] = React.useState<string | null>(null);
  const [loading, setLoading] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const seq = React.useRef(0);
  const rootRef = React.useRef<HTMLDivElement>(null);

  const query = text.trim();

  React.useEffect(() => {
    if (!query) return;
    const mine = ++seq.current;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiCall('GET /api/Company/getTop5Companies', { query: { searchText: query }, background: true, signal: controller.signal })
        .then((list) => {
          if (mine !== seq.current) return;
          setItems(Array.isArray(list) ? list : []);
          setLoadedFor(query);
          setActive(-1);
        })
        .catch(() => {
          if (mine !== seq.current || controller.signal.aborted) return;
          setItems([]);
          setLoadedFor(query);
        })
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const showPopup = open && query !== '' && (loadedFor !== null || loading);
  const activeId = showPopup && active >= 0 && active < items.length ? `${id}-opt-${active}` : undefined;

  const choose = (item: Suggestion) => {
    rememberLastSearched({ Cui: item.Cui, Name: item.Name });
    openInNewTab(companyPath(item.Cui, item.Name));
    setOpen(false);
    onDone?.();
  };

  // Without a text it opens the advanced search with no filter.
  const openAdvancedSearch = () => {
    openInNewTab(buildSearchPath({ SearchText: query }));
    setOpen(false);
    onDone?.();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      setOpen(true);
      const delta = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (delta > 0 ? 0 : items.length - 1) : (a + delta + items.length) % items.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (activeId) choose(items[active]);
      else openAdvancedSearch();
    } else if (e.key === 'Escape') {
      if (showPopup) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      setActive(-1);
    }
  };

  const hero = variant === 'hero';

  return (
    <div
      ref={rootRef}
      role="search"
      aria-label="Căutare firme"
      className={cn('relative w-full', className)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className={cn('flex w-full items-stretch gap-2', hero && 'rounded-xl bg-background p-1.5 shadow-lg ring-1 ring-slate-900/10')}>
        <div className="relative min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            Caută o firmă după nume sau CUI
          </label>
          <Search
            className={cn('pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground', hero ? 'size-5' : 'size-4')}
            aria-hidden="true"
          />
          <input
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={showPopup}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-describedby={hintId}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={MAX_TEXT}
            autoFocus={autoFocus}
            placeholder={placeholder}
            value={text}
            onChange={(e) => {
              const next = e.target.value;
              setText(next);
              setOpen(true);
              setActive(-1);
              if (next.trim() === '') {
                seq.current++;
                setItems([]);
                setLoadedFor(null);
                setLoading(false);
              } else if (next.trim() !== query) setLoading(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className={cn(
              'w-full min-w-0 rounded-md border border-input bg-background text-foreground shadow-xs placeholder:text-placeholder focus-visible:border-ring focus-visible:outline-offset-0',
              hero ? 'h-12 border-transparent pr-10 pl-11 text-base shadow-none sm:h-14 sm:text-lg' : 'h-11 pr-9 pl-9 text-base md:text-sm',
            )}
          />
          {loading ? (
            <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden="true" />
          ) : null}
        </div>
        {withButton ? (
          <Button type="button" size="lg" className={cn('shrink-0', hero && 'h-12 sm:h-14 sm:px-8')} onClick={openAdvancedSearch}>
            <Search aria-hidden="true" />
            <span className="max-sm:sr-only">Caută</span>
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="sr-only">
        Scrieți cel puțin un caracter. Săgețile sus și jos aleg o sugestie, Enter o deschide; fără o sugestie aleasă, Enter deschide căutarea avansată.
      </p>
      <div
        className={cn(
          'absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border bg-background text-left shadow-lg',
          !showPopup && 'hidden',
        )}
      >
        <ul id={listId} role="listbox" aria-label="Firme sugerate" hidden={items.length === 0} className="max-h-[min(70vh,32rem)] overflow-y-auto overscroll-contain py-1">
          {items.map((item, index) => (
            <li
              key={item.Cui}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(item)}
              className={cn(
                'flex cursor-pointer flex-col gap-1 border-b border-border px-3 py-2.5 last:border-b-0 sm:px-4',
                index === active ? 'bg-accent' : 'hover:bg-muted',
              )}
            >
              <span className="flex items-start gap-2">
                <Building2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 text-sm font-semibold break-words text-foreground">
                  <Highlight text={item.Name} query={query} />
                </span>
              </span>
              <span className="flex flex-wrap gap-x-3 gap-y-0.5 pl-6 text-xs text-muted-foreground">
                <span>
                  CUI: <Highlight text={String(item.Cui)} query={query.replace(/^ro\s*/i, '')} className="rounded-sm bg-amber-100 font-semibold text-foreground" />
                </span>
                {item.RegistrationCode ? <span>Nr. înreg.: {item.RegistrationCode}</span> : null}
                {item.CaenCode ? (
                  <span className="min-w-0">
                    CAEN {item.CaenCode}
                    {item.CaenDescription ? ` – ${item.CaenDescription}` : ''}
                  </span>
                ) : null}
              </span>
              <span className="flex flex-wrap gap-x-3 gap-y-0.5 pl-6 text-xs text-muted-foreground">
                <span>
                  Cifră de afaceri: <span className="font-medium text-foreground">{formatCompact(item.NetTurnover)}</span>
                </span>
                <span>
                  Profit: <span className={cn('font-medium', (item.NetProfit ?? 0) < 0 ? 'text-destructive' : 'text-foreground')}>{formatCompact(item.NetProfit)}</span>
                </span>
                <span>
                  Angajați: <span className="font-medium text-foreground">{formatNumber(item.AverageNumberOfEmployees)}</span>
                </span>
              </span>
              {item.Address ? (
                <span className="flex items-start gap-1 pl-6 text-xs text-muted-foreground">
                  <MapPin className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span className="min-w-0">{item.Address}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {loadedFor !== null && !loading && items.length === 0 ? (
          <p className="px-4 py-4 text-sm text-muted-foreground" role="status">
            {SUGGESTIONS_EMPTY_TEXT}
          </p>
        ) : null}
        {loading && items.length === 0 ? (
          <p className="flex items-center gap-2 px-4 py-4 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Se caută…
          </p>
        ) : null}
        <p className="border-t bg-subtle px-4 py-2 text-xs text-muted-foreground">
          Apăsați <kbd className="rounded border bg-background px-1.5 py-0.5 font-sans text-[0.7rem] font-semibold text-foreground">Enter</kbd>{' '}
          pentru mai multe detalii
        </p>
      </div>
    </div>
  );
}
