'use client';

// Advanced search: the first page comes server-rendered; then every filter or sort
// change re-runs the search from page 1 and rewrites the address, Load more appends the next page.
import * as React from 'react';
import dynamic from 'next/dynamic';
import { ChevronLeft, ChevronRight, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { ApiCancelledError, apiCall } from '@/lib/api/client';
import {
  describeFilter,
  filterToQuery,
  isFilterEmpty,
  resetFilters,
  updateFilter,
  type FilterNames,
  type SearchFilter,
} from '@/lib/filters';
import { formatResultCount } from '@/lib/search-count';
import type { CompanyFacets } from '@/lib/search/facets';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchField } from '@/components/ui/search-field';
import { PlaceholderCards } from '@/components/layout/placeholder-cards';
import { showErrorToast } from '@/components/layout/toaster';
import type { CompanyCardData } from '@/components/company/company-card';
import { KeepServerHtml } from '@/components/layout/keep-server-html';
import { useMinWidth } from '@/components/layout/use-min-width';
import { useAuth } from '@/components/auth/auth-provider';

// The card's group menu is loaded only for signed-in users.
const CompanyGroupMenu = dynamic(() => import('@/components/groups/company-group-menu').then((m) => m.CompanyGroupMenu), { ssr: false });
import { FilterForm } from './filter-form';
import { FiltersDialog, LoadMore } from './filters-dialog';
import { SortBySelect } from './sort-by-select';
import { LastSearchedChips } from './last-searched-chips';
import { rememberLastSearched } from './last-searched';
import { buildSearchUrl } from './search-url';
import { SearchResultList } from './search-result-list';
import { FAILED_TEXT } from '@/lib/text';
import { CardTick } from '@/components/prospecting/card-tick';
import { SearchForm } from '@/components/ui/list-search-form';
import Link from 'next/link';
import { GitCompareArrows } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useInCrm } from '@/components/crm/use-in-crm';
import { comparePath, MAX_COMPARED } from '@/lib/risk/compare-path';
import type { FactFilterInfo } from '@/lib/search/types';
// The actions on the results (export, add to group, save) load only for signed-in users, with their forms.
const SearchActions = dynamic(() => import('@/components/prospecting/search-actions').then((m) => m.SearchActions), { ssr: false });

type SearchPageData = { Items: CompanyCardData[]; NumberOfPages: number; Count: number; IsCountCapped?: boolean };

export type AdvancedSearchProps = {
  initialFilter: SearchFilter;
  initialPage: SearchPageData;
  initialNames: FilterNames;
  /** Most companies "Adaugă toate rezultatele în grup" adds (BULK_ADD_MAX). */
  bulkAddMax?: number;
  /** The fiscal and risk filters' note (decision 107); without it they are not offered. */
  facts?: FactFilterInfo | null;
};

const ERROR_TEXT = FAILED_TEXT;

export function AdvancedSearch({ initialFilter, initialPage, initialNames, bulkAddMax = 10_000, facts = null }: AdvancedSearchProps) {
  const { user } = useAuth();
  const [ticked, setTicked] = React.useState<number[]>([]);
  const tick = (cui: number, on: boolean) => setTicked((prev) => (on ? [...prev.filter((c) => c !== cui), cui] : prev.filter((c) => c !== cui)));
  const [filter, setFilter] = React.useState<SearchFilter>(initialFilter);
  const [names, setNames] = React.useState<FilterNames>(initialNames);
  const [items, setItems] = React.useState<CompanyCardData[]>(initialPage.Items);
  const [count, setCount] = React.useState(initialPage.Count);
  const [capped, setCapped] = React.useState(initialPage.IsCountCapped === true);
  // The counts with the filter (its address) they were counted for: counts of another filter are not shown.
  const [counted, setCounted] = React.useState<{ key: string; facets: CompanyFacets | null } | null>(null);
  const facetSeq = React.useRef(0);
  const [pages, setPages] = React.useState(initialPage.NumberOfPages);
  const [pageNumber, setPageNumber] = React.useState(1);
  const [loading, setLoading] = React.useState(false);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const [panelOpen, setPanelOpen] = React.useState(true);
  const [modalOpen, setModalOpen] = React.useState(false);
  const [text, setText] = React.useState(initialFilter.SearchText);
  // The server's first page and its side panel are kept as server HTML while the page hydrates
  // (decision 029): the results go live at the first change or for a signed-in user (the card
  // menu); the panel when the screen is wide enough to show it.
  const [changed, setChanged] = React.useState(false);
  const wide = useMinWidth(1201);
  const seq = React.useRef(0);
  const textId = React.useId();
  const resultsRef = React.useRef<HTMLDivElement>(null);

  const fetchPage = React.useCallback(async (f: SearchFilter, page: number) => {
    const query = Object.fromEntries(filterToQuery({ ...f, PageNumber: page }));
    return apiCall('GET /api/Company/getCompanies', { query, background: true });
  }, []);

  // The counts next to each filter option (decision 026): fetched beside the page, never blocking it.
  const loadFacets = React.useCallback((f: SearchFilter, key: string) => {
    const mine = ++facetSeq.current;
    const query = Object.fromEntries(filterToQuery({ ...f, PageNumber: 1 }));
    apiCall('GET /api/Company/getCompanyFacets', { query, background: true })
      .then((answer) => {
        if (mine === facetSeq.current) setCounted({ key, facets: answer.Available ? answer.Facets : null });
      })
      .catch(() => {
        if (mine === facetSeq.current) setCounted({ key, facets: null });
      });
  }, []);

  // Only while a filter form is on screen (the side panel on a wide screen, or the dialog): a phone
  // that never opens the filters costs the server no count query (decision 029).
  const facetsShown = wide || modalOpen;
  const filterKey = buildSearchUrl(filter);
  const facets = counted?.key === filterKey ? counted.facets : null;
  const facetsAsked = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!facetsShown || facetsAsked.current === filterKey) return;
    facetsAsked.current = filterKey;
    loadFacets(filter, filterKey);
  }, [facetsShown, filter, filterKey, loadFacets]);

  const run = React.useCallback(
    (next: SearchFilter) => {
      const mine = ++seq.current;
      setChanged(true);
      setFilter(next);
      setPageNumber(1);
      setLoading(true);
      const url = buildSearchUrl(next);
      if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
      fetchPage(next, 1)
        .then((page) => {
          if (mine !== seq.current) return;
          setItems(page.Items);
          setCount(page.Count);
          setCapped(page.IsCountCapped === true);
          setPages(page.NumberOfPages);
        })
        .catch((e) => {
          if (mine !== seq.current || e instanceof ApiCancelledError) return;
          showErrorToast(ERROR_TEXT);
        })
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    },
    [fetchPage],
  );

  const change = (patch: Partial<SearchFilter>, patchNames?: Partial<FilterNames>) => {
    if (patchNames) setNames((n) => ({ ...n, ...patchNames }));
    run(updateFilter(filter, patch));
  };

  const loadMore = () => {
    const mine = seq.current;
    const next = pageNumber + 1;
    setChanged(true);
    setLoadingMore(true);
    fetchPage(filter, next)
      .then((page) => {
        if (mine !== seq.current) return;
        setItems((prev) => {
          const seen = new Set(prev.map((i) => i.Cui));
          return [...prev, ...page.Items.filter((i) => !seen.has(i.Cui))];
        });
        setCount(page.Count);
        setCapped(page.IsCountCapped === true);
        setPages(page.NumberOfPages);
        setPageNumber(next);
      })
      .catch((e) => {
        if (!(e instanceof ApiCancelledError)) showErrorToast(ERROR_TEXT);
      })
      .finally(() => setLoadingMore(false));
  };

  const submitText = () => {
    const value = text.trim();
    if (value !== filter.SearchText) run(updateFilter(filter, { SearchText: value }));
  };

  const rememberOpened = (e: React.MouseEvent) => {
    const card = (e.target as Element).closest('a[href]')?.closest('[data-cui]');
    const item = card ? items.find((i) => String(i.Cui) === card.getAttribute('data-cui')) : undefined;
    if (item) rememberLastSearched({ Cui: item.Cui, Name: item.Name });
  };

  const active = !isFilterEmpty(filter);
  const summary = describeFilter(filter, names);
  const canLoadMore = pageNumber < pages && !loading && !loadingMore;

  const filterForm = (inDialog: boolean) => <FilterForm filter={filter} names={names} onChange={change} inDialog={inDialog} facets={facets} facts={facts} />;
  // "Deja în CRM" (decision 107): the user's own call beside the public answer, which stays the
  // same for everyone (and cacheable); an anonymous visitor asks nothing.
  const shownCuis = React.useMemo(() => (user ? items.map((i) => i.Cui) : []), [user, items]);
  const inCrm = useInCrm(shownCuis);
  const canCompare = ticked.length >= 2 && ticked.length <= MAX_COMPARED;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <SearchForm aria-label="Căutare după nume sau CUI" className="flex w-full gap-2" onSearch={submitText}>
          <SearchField
            id={textId}
            label="Nume firmă sau CUI"
            enterKeyHint="search"
            maxLength={200}
            value={text}
            placeholder="Nume firmă sau CUI"
            onValueChange={setText}
            autoComplete={undefined}
            inputClassName="shadow-xs focus-visible:border-ring focus-visible:outline-offset-0 md:text-sm"
          />
          <Button type="submit" className="h-11 px-5">
            Caută
          </Button>
        </SearchForm>
        <LastSearchedChips />
      </div>

      <div className={cn('grid items-start gap-6', panelOpen ? 'min-[1201px]:grid-cols-[300px_minmax(0,1fr)]' : 'min-[1201px]:grid-cols-[56px_minmax(0,1fr)]')}>
        <aside aria-label="Filtre" className="hidden rounded-lg border bg-background shadow-sm min-[1201px]:block">
          <div className={cn('flex items-center gap-2 border-b px-4 py-3', !panelOpen && 'justify-center border-b-0 px-2')}>
            {panelOpen ? (
              <h2 className="flex flex-1 items-center gap-2 text-base font-semibold">
                <SlidersHorizontal className="size-4 text-primary" aria-hidden="true" />
                Filtre
              </h2>
            ) : null}
            <Button
              variant="ghost"
              size="icon-sm"
              aria-expanded={panelOpen}
              aria-controls={`${textId}-panel`}
              aria-label={panelOpen ? 'Restrânge filtrele' : 'Extinde filtrele'}
              title={panelOpen ? 'Restrânge filtrele' : 'Extinde filtrele'}
              onClick={() => setPanelOpen((o) => !o)}
            >
              {panelOpen ? <ChevronLeft aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            </Button>
          </div>
          <div id={`${textId}-panel`} hidden={!panelOpen} className="p-4">
            <KeepServerHtml live={wide}>{filterForm(false)}</KeepServerHtml>
          </div>
        </aside>

        <section aria-labelledby={`${textId}-results`} className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={`${textId}-results`} className="mr-auto text-base font-semibold" aria-live="polite">
              {loading ? 'Se caută…' : formatResultCount(count, capped)}
            </h2>
            <Button variant="outline" className="min-[1201px]:hidden" onClick={() => setModalOpen(true)} aria-haspopup="dialog">
              <SlidersHorizontal aria-hidden="true" />
              Filtre{active ? ` (${summary.length})` : ''}
            </Button>
            <SortBySelect id={`${textId}-sort`} value={filter.OrderBy} onChange={(OrderBy) => run(updateFilter(filter, { OrderBy }))} />
          </div>

          {active ? (
            <div className="flex flex-col gap-2 rounded-lg border border-primary/20 bg-primary-soft px-4 py-3 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-primary-strong">Filtre active</p>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-foreground" data-testid="active-filters">
                  {summary.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
              <Button variant="outline" size="sm" onClick={() => run(resetFilters(filter))}>
                <RotateCcw aria-hidden="true" />
                Resetează filtrele
              </Button>
            </div>
          ) : null}

          {/* One listener for every card link (the cards may be server HTML): remembers the company opened. */}
          {user ? (
            <SearchActions filter={filter} count={count} capped={capped} bulkAddMax={bulkAddMax} selected={ticked} onClearSelection={() => setTicked([])} />
          ) : null}
          {user && ticked.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3" data-testid="compare-selection">
              {canCompare ? (
                <Button asChild variant="outline" size="sm">
                  <Link href={comparePath(ticked)}>
                    <GitCompareArrows aria-hidden="true" />
                    Compară ({ticked.length})
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled aria-describedby={`${textId}-compare-hint`}>
                  <GitCompareArrows aria-hidden="true" />
                  Compară ({ticked.length})
                </Button>
              )}
              <span id={`${textId}-compare-hint`} className="text-sm text-muted-foreground">
                {ticked.length < 2 ? 'Selectați cel puțin 2 firme pentru comparație.' : ticked.length > MAX_COMPARED ? `Se pot compara cel mult ${MAX_COMPARED} firme.` : `Până la ${MAX_COMPARED} firme, una lângă alta.`}
              </span>
            </div>
          ) : null}
          <div ref={resultsRef} aria-busy={loading} onClick={rememberOpened}>
            {loading ? (
              <PlaceholderCards className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" label="Se încarcă rezultatele…" />
            ) : items.length === 0 ? (
              <EmptyState title="Nu există elemente!" description="Încercați alt text sau mai puține filtre." />
            ) : (
              <KeepServerHtml live={changed || user !== null}>
                <SearchResultList
                  items={items}
                  menu={
                    user
                      ? (item) => (
                          <span className="flex items-center">
                            {inCrm.has(item.Cui) ? (
                              <Badge variant="secondary" className="mr-1 whitespace-nowrap" data-testid="in-crm">
                                deja în CRM
                              </Badge>
                            ) : null}
                            <CardTick cui={item.Cui} name={item.Name} checked={ticked.includes(item.Cui)} onChange={tick} />
                            <CompanyGroupMenu company={item} />
                          </span>
                        )
                      : undefined
                  }
                />
              </KeepServerHtml>
            )}
          </div>

          <LoadMore loading={loadingMore} canLoad={canLoadMore} onLoad={loadMore} spinnerLabel="Se încarcă mai multe rezultate" className="flex justify-center py-2">
            Încarcă mai multe
          </LoadMore>
        </section>
      </div>

      <FiltersDialog
        open={modalOpen}
        onOpenChange={setModalOpen}
        active={active}
        onReset={() => run(resetFilters(filter))}
        closeLabel={<>Vezi {loading ? 'rezultatele' : formatResultCount(count, capped)}</>}
        className="gap-5"
      >
        {filterForm(true)}
      </FiltersDialog>
    </div>
  );
}
