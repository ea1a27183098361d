'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Globe, Pencil, RotateCcw, Share2, SlidersHorizontal } from 'lucide-react';
import { ApiCancelledError, apiCall } from '@/lib/api/client';
import { safeHref } from '@/lib/shared/safe-url';
import {
  SOCIAL_FILTER_OPTIONS,
  createSearchFilter,
  describeFilter,
  filterToQuery,
  isFilterEmpty,
  resetFilters,
  socialFilterToFlags,
  updateFilter,
  type FilterNames,
  type SearchFilter,
  type SocialFilterValue,
  type SocialFlags,
} from '@/lib/filters';
import { COMPANY_CONTACTS_PAGE_SIZE, CONTACT_TOASTS } from '@/lib/contacts/schemas';
import type { CompanyContactsItem, SocialMediaDto } from '@/lib/contacts/types';
import { formatResultCount, SEARCH_COUNT_CAP } from '@/lib/search-count';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { SelectItem } from '@/components/ui/select';
import { PlaceholderCards } from '@/components/layout/placeholder-cards';
import { showErrorToast } from '@/components/layout/toaster';
import { FilterForm } from '@/components/search/filter-form';
import { FiltersDialog, LoadMore } from '@/components/search/filters-dialog';
import { SearchField } from '@/components/ui/search-field';
import { SortBySelect } from '@/components/search/sort-by-select';
import { CompanyTabLink } from '@/components/shared/company-tab-link';
import { SearchForm } from '@/components/ui/list-search-form';

const EditContactsModal = dynamic(() => import('./edit-contacts-modal').then((m) => m.EditContactsModal), { ssr: false });

/** Contacts shown on a card before the toggle. */
const CARD_CONTACTS_PREVIEW = 3;

const NO_SOCIAL: SocialFlags = { HasFacebook: null, HasYouTube: null, HasInstagram: null, HasTwitter: null, HasLinkedin: null, HasWebsite: null };

/** The social flag choice the flags stand for ('Toate' when the five are set). */
export function flagsToSocialValue(f: SocialFlags): SocialFilterValue | null {
  if (f.HasFacebook && f.HasYouTube && f.HasInstagram && f.HasTwitter && f.HasLinkedin) return 'Toate';
  const one = SOCIAL_FILTER_OPTIONS.find((o) => o.flag && f[o.flag]);
  return one?.value ?? null;
}

const SOCIAL_SHORT: Record<string, string> = { Website: 'www', Instagram: 'ig', Facebook: 'f', Twitter: 'X', LinkedIn: 'in', Youtube: 'yt' };

function SocialIcons({ links }: { links: SocialMediaDto[] }) {
  if (links.length === 0) return <p className="text-sm text-muted-foreground">{CONTACT_TOASTS.noSocial}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Rețele sociale">
      {links.map((l) => {
        const href = safeHref(l.Url);
        const icon = (
          <>
            {l.Platform === 'Website' ? (
              <Globe className="size-4" aria-hidden="true" />
            ) : (
              <span aria-hidden="true">{SOCIAL_SHORT[l.Platform] ?? l.Platform.slice(0, 2)}</span>
            )}
            <span className="sr-only">{l.Platform}</span>
          </>
        );
        return (
          <li key={l.Platform}>
            {/* A stored address that is not a web address is never a link (issue 23). */}
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={l.Url}
                className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground hover:opacity-90"
              >
                {icon}
              </a>
            ) : (
              <span title={l.Url} className="inline-flex size-8 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground">
                {icon}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ContactsCard({ item, onModify }: { item: CompanyContactsItem; onModify: (item: CompanyContactsItem) => void }) {
  const [expanded, setExpanded] = React.useState(false);
  const shown = expanded ? item.Contacts : item.Contacts.slice(0, CARD_CONTACTS_PREVIEW);
  const headingId = `company-${item.Cui}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs" data-testid="contacts-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            <CompanyTabLink cui={item.Cui} name={item.Name} className="hover:underline">
              {item.Name}
            </CompanyTabLink>
          </h3>
          <p className="text-sm text-muted-foreground">CUI {item.Cui}</p>
        </div>
        <Button size="sm" variant="outline" onClick={() => onModify(item)} aria-label={`Modifică contactele companiei ${item.Name}`}>
          <Pencil aria-hidden="true" />
          Modifică
        </Button>
      </div>
      <SocialIcons links={item.SocialMedia} />
      {item.Contacts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{CONTACT_TOASTS.noContactsAdded}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Contactele companiei {item.Name}</caption>
            <thead className="text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Nume
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Rol
                </th>
                <th scope="col" className="py-1 font-medium">
                  Telefon/Email
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.Id} className="border-t align-top">
                  <td className="py-1 pr-2 break-words">
                    {c.Name || '-'}
                    {c.Private ? <span className="ml-1 text-xs text-muted-foreground">(privat)</span> : null}
                  </td>
                  <td className="py-1 pr-2 break-words">{c.Role || '-'}</td>
                  <td className="py-1 break-all">{[c.Phone, c.Email].filter(Boolean).join(' / ') || '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {item.Contacts.length > CARD_CONTACTS_PREVIEW ? (
            <Button variant="link" size="sm" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
              {expanded ? 'Vezi mai puține' : `Vezi toate (${item.Contacts.length})`}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}

type Filter = SearchFilter & SocialFlags;

/** The Admin's contacts page: companies by contact and social filters, each card editable. */
export function AdminContacts() {
  const [filter, setFilter] = React.useState<Filter>({ ...createSearchFilter(), ...NO_SOCIAL });
  const [names, setNames] = React.useState<FilterNames>({});
  const [text, setText] = React.useState('');
  const [items, setItems] = React.useState<CompanyContactsItem[] | null>(null);
  const [count, setCount] = React.useState(0);
  const [pages, setPages] = React.useState(0);
  const [pageNumber, setPageNumber] = React.useState(1);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const [filtersOpen, setFiltersOpen] = React.useState(false);
  const [advancedOpen, setAdvancedOpen] = React.useState(false);
  const [panelOpen, setPanelOpen] = React.useState(true);
  const [editing, setEditing] = React.useState<{ Cui: number; Name: string } | null>(null);
  const [editOpen, setEditOpen] = React.useState(false);
  const [version, setVersion] = React.useState(0);
  const seq = React.useRef(0);

  const fetchPage = React.useCallback(async (f: Filter, page: number) => {
    const query: Record<string, string | number> = Object.fromEntries(filterToQuery({ ...f, PageNumber: page, PageSize: COMPANY_CONTACTS_PAGE_SIZE }));
    for (const k of Object.keys(NO_SOCIAL) as Array<keyof SocialFlags>) if (f[k] != null) query[k] = String(f[k]);
    return apiCall('GET /api/Contact/getCompanyContacts', { query, background: true });
  }, []);

  // Any change of the filter (or a save in the modal) loads page 1 again.
  React.useEffect(() => {
    const mine = ++seq.current;
    fetchPage(filter, 1).then(
      (page) => {
        if (mine !== seq.current) return;
        setItems(page.Items);
        setCount(page.Count);
        setPages(page.NumberOfPages);
        setPageNumber(1);
      },
      (e) => {
        if (mine === seq.current && !(e instanceof ApiCancelledError)) {
          showErrorToast();
          setItems([]);
        }
      },
    );
  }, [filter, fetchPage, version]);

  const change = (patch: Partial<Filter>, patchNames?: Partial<FilterNames>) => {
    if (patchNames) setNames((n) => ({ ...n, ...patchNames }));
    setItems(null);
    setFilter((f) => ({ ...updateFilter(f, patch), ...pickSocial({ ...f, ...patch }) }));
  };

  const loadMore = () => {
    const mine = seq.current;
    const next = pageNumber + 1;
    setLoadingMore(true);
    fetchPage(filter, next)
      .then((page) => {
        if (mine !== seq.current) return;
        setItems((prev) => {
          const seen = new Set((prev ?? []).map((i) => i.Cui));
          return [...(prev ?? []), ...page.Items.filter((i) => !seen.has(i.Cui))];
        });
        setPages(page.NumberOfPages);
        setPageNumber(next);
      })
      .catch(() => showErrorToast())
      .finally(() => setLoadingMore(false));
  };

  const social = flagsToSocialValue(filter);
  const active = !isFilterEmpty(filter) || social != null;
  const summary = describeFilter(filter, names);
  const reset = () => change({ ...resetFilters(filter), ...NO_SOCIAL });

  const filterForm = (inDialog: boolean) => <FilterForm filter={filter} names={names} onChange={change} inDialog={inDialog} />;

  return (
    <div className="flex flex-col gap-6">
      <SearchForm
        aria-label="Căutare după nume sau CUI"
        className="flex w-full gap-2"
        onSearch={() => {
          if (text.trim() !== filter.SearchText) change({ SearchText: text.trim() });
        }}
      >
        <SearchField id="contacts-search" label="Numele sau CUI-ul companiei" value={text} onValueChange={setText} placeholder="Caută după nume sau CUI ..." />
      </SearchForm>

      <div className="grid gap-6 min-[1201px]:grid-cols-[18rem_1fr]">
        <aside className="hidden self-start rounded-lg border min-[1201px]:block" aria-label="Filtre">
          <div className="flex items-center justify-between border-b px-4 py-3">
            <h2 className="text-base font-semibold">Filtre</h2>
            <Button variant="ghost" size="icon-sm" aria-expanded={panelOpen} aria-controls="contacts-filters-panel" aria-label={panelOpen ? 'Restrânge filtrele' : 'Extinde filtrele'} onClick={() => setPanelOpen((v) => !v)}>
              <SlidersHorizontal aria-hidden="true" />
            </Button>
          </div>
          <div id="contacts-filters-panel" hidden={!panelOpen} className="p-4">
            {filterForm(false)}
          </div>
        </aside>

        <section aria-labelledby="contacts-results" className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="contacts-results" className="mr-auto text-base font-semibold" aria-live="polite">
              {/* Exact on the search engine; only PostgreSQL's fallback stops at the cap + 1. */}
              {items === null ? 'Se caută…' : formatResultCount(count, count === SEARCH_COUNT_CAP + 1)}
            </h2>
            <Button variant="outline" className="min-[1201px]:hidden" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
              <SlidersHorizontal aria-hidden="true" />
              Filtre
            </Button>
            <Button variant="outline" onClick={() => setAdvancedOpen(true)} aria-haspopup="dialog">
              <Share2 aria-hidden="true" />
              Filtre avansate{social ? ` (${social})` : ''}
            </Button>
            <SortBySelect id="contacts-sort" value={filter.OrderBy} onChange={(OrderBy) => change({ OrderBy })} />
          </div>

          {active ? (
            <div className="flex flex-col gap-2 rounded-lg border border-primary/20 bg-primary-soft px-4 py-3 sm:flex-row sm:items-start">
              <ul className="min-w-0 flex-1 text-sm" data-testid="active-filters">
                {summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {social ? <li>Rețele sociale: {social}</li> : null}
              </ul>
              <Button variant="outline" size="sm" onClick={reset}>
                <RotateCcw aria-hidden="true" />
                Resetează filtrele
              </Button>
            </div>
          ) : null}

          {items === null ? (
            <PlaceholderCards className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" label="Se încarcă companiile…" />
          ) : items.length === 0 ? (
            <EmptyState title={CONTACT_TOASTS.noItems} />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Companii">
              {items.map((item) => (
                <li key={item.Cui} className="min-w-0">
                  <ContactsCard
                    item={item}
                    onModify={(c) => {
                      setEditing({ Cui: c.Cui, Name: c.Name });
                      setEditOpen(true);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <LoadMore loading={loadingMore} canLoad={items !== null && pageNumber < pages} onLoad={loadMore} spinnerLabel="Se încarcă mai multe companii">
            Încarcă mai multe companii
          </LoadMore>
        </section>
      </div>

      <FiltersDialog open={filtersOpen} onOpenChange={setFiltersOpen} active={active} onReset={reset}>
        {filterForm(true)}
      </FiltersDialog>

      <Dialog open={advancedOpen} onOpenChange={setAdvancedOpen}>
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>Filtre avansate</DialogTitle>
            <DialogDescription>Companiile care au legături pe rețelele sociale alese.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label id="social-filter-label">Rețele sociale</Label>
            <OptionSelect
              aria-labelledby="social-filter-label"
              data-testid="social-filter"
              value={social ?? 'none'}
              onValueChange={(v) => change(socialFilterToFlags(v === 'none' ? null : (v as SocialFilterValue)))}
              leading={<SelectItem value="none">Oricare</SelectItem>}
              options={SOCIAL_FILTER_OPTIONS}
            />
          </div>
          <DialogFooter>
            <Button onClick={() => setAdvancedOpen(false)}>Închide</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {editing ? (
        <EditContactsModal
          company={editing}
          open={editOpen}
          onOpenChange={setEditOpen}
          onSaved={() => {
            setItems(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}

function pickSocial(f: Partial<SocialFlags>): SocialFlags {
  return {
    HasFacebook: f.HasFacebook ?? null,
    HasYouTube: f.HasYouTube ?? null,
    HasInstagram: f.HasInstagram ?? null,
    HasTwitter: f.HasTwitter ?? null,
    HasLinkedin: f.HasLinkedin ?? null,
    HasWebsite: f.HasWebsite ?? null,
  };
}

