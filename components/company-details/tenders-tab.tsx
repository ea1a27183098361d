'use client';

import * as React from 'react';
import {
  DEFAULT_SORTS,
  DEFAULT_TENDER_DATE_TYPE,
  DEFAULT_TENDER_VALUE_TYPE,
  PAGE_SIZES,
  TENDER_COLUMNS,
  TENDER_DATE_TYPES,
  TENDER_VALUE_TYPES,
  amountRange,
  tenderRole,
} from '@/lib/company-rules';
import { MONEY_PRESET_RANGES } from '@/lib/filters';
import { formatDate, formatRon } from '@/lib/format';
import { WORD_CUTS, cutWords } from '@/lib/text';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useJson } from './use-json';
import { SearchBox } from './search-box';
import { PartnerLink } from './partner-link';
import { TabTable, type TabTableTexts } from './tab-table';

const NO_TENDERS = 'Nu există licitații!';

type Applied = {
  searchText: string;
  valueName: (typeof TENDER_VALUE_TYPES)[number]['value'];
  min: string;
  max: string;
  dateName: (typeof TENDER_DATE_TYPES)[number]['value'];
  from: string;
  to: string;
};

const EMPTY: Applied = { searchText: '', valueName: DEFAULT_TENDER_VALUE_TYPE, min: '', max: '', dateName: DEFAULT_TENDER_DATE_TYPE, from: '', to: '' };

/** The POST body of getAcqusitions for the applied filters (amount one-bound rule). */
export function tenderRequest(cui: number, f: Applied, page: number, sort: string) {
  const range = amountRange(f.min, f.max);
  return {
    searchText: f.searchText.trim(),
    pageNumber: page,
    pageSize: PAGE_SIZES.tenders,
    companyCui: cui,
    orderBy: sort,
    ...(range.min != null || range.max != null ? { Value: { ValueName: f.valueName, MinValue: range.min, MaxValue: range.max } } : {}),
    ...(f.from || f.to ? { Date: { DateName: f.dateName, MinDate: f.from || null, MaxDate: f.to || null } } : {}),
  };
}

const TABLE_TEXTS: TabTableTexts = {
  loading: 'Se încarcă licitațiile…',
  count: (n) => `${n} licitații`,
  empty: NO_TENDERS,
  pager: 'Paginare licitații',
};

const selectClass = 'h-10 rounded-md border border-input bg-background px-3 text-sm';
const inputClass = 'h-10 w-full min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm placeholder:text-placeholder';

/** The value or date type of the filter: a labelled native select. */
function TypeSelect<V extends string>({ label, value, types, onChange }: { label: string; value: V; types: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select className={selectClass} value={value} onChange={(e) => onChange(e.target.value as V /* the options are the values of types */)}>
        {types.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TendersTab({ company }: { company: { Cui: number; Name: string } }) {
  const [draft, setDraft] = React.useState<Applied>(EMPTY);
  const [applied, setApplied] = React.useState<Applied>(EMPTY);
  const [sort, setSort] = React.useState<string>(DEFAULT_SORTS.tenders);
  const [page, setPage] = React.useState(1);
  const list = useJson('POST /api/Company/getAcqusitions', { body: tenderRequest(company.Cui, applied, page, sort) });
  const sortBy = (s: string) => {
    setSort(s);
    setPage(1);
  };

  // Any search, filter or sort change goes back to page 1.
  const apply = (next: Applied = draft) => {
    const range = amountRange(next.min, next.max);
    const normalized = { ...next, min: range.min == null ? '' : String(range.min), max: range.max == null ? '' : String(range.max) };
    setDraft(normalized);
    setApplied(normalized);
    setPage(1);
  };
  const set = (patch: Partial<Applied>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <div className="flex flex-col gap-4">
      <form
        className="grid grid-cols-1 gap-3 rounded-lg border bg-subtle p-3 md:grid-cols-2 xl:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        aria-label="Filtre licitații"
      >
        <SearchBox className="md:col-span-2 xl:col-span-4" value={draft.searchText} onChange={(v) => set({ searchText: v })} onSearch={() => apply()} label="Caută în licitații" placeholder="Caută după titlu, companie, CUI sau cod CPV" />
        <TypeSelect label="Tip valoare" value={draft.valueName} types={TENDER_VALUE_TYPES} onChange={(valueName) => set({ valueName })} />
        <fieldset className="flex min-w-0 flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">Valoare (RON)</legend>
          <div className="flex gap-2">
            <input className={inputClass} inputMode="numeric" type="number" min={0} placeholder="Minim" aria-label="Valoare minimă" value={draft.min} onChange={(e) => set({ min: e.target.value })} />
            <input className={inputClass} inputMode="numeric" type="number" min={0} placeholder="Maxim" aria-label="Valoare maximă" value={draft.max} onChange={(e) => set({ max: e.target.value })} />
          </div>
          <select
            className={selectClass}
            aria-label="Intervale predefinite de valoare"
            value=""
            onChange={(e) => {
              const p = MONEY_PRESET_RANGES[Number(e.target.value)];
              if (p) apply({ ...draft, min: String(p.min), max: String(p.max) });
            }}
          >
            <option value="">Intervale predefinite…</option>
            {MONEY_PRESET_RANGES.map((p, i) => (
              <option key={p.label} value={i}>
                {p.label} RON
              </option>
            ))}
          </select>
        </fieldset>
        <TypeSelect label="Tip dată" value={draft.dateName} types={TENDER_DATE_TYPES} onChange={(dateName) => set({ dateName })} />
        <fieldset className="flex min-w-0 flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">Perioada</legend>
          <div className="flex gap-2">
            <input className={inputClass} type="date" aria-label="De la data" value={draft.from} max={draft.to || undefined} onChange={(e) => set({ from: e.target.value })} />
            <input className={inputClass} type="date" aria-label="Până la data" value={draft.to} min={draft.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </div>
        </fieldset>
        <div className="flex gap-2 md:col-span-2 xl:col-span-4 xl:justify-end">
          <Button type="button" variant="ghost" onClick={() => apply(EMPTY)}>
            Resetează
          </Button>
          <Button type="submit">Caută</Button>
        </div>
      </form>

      <TabTable
        state={{ sort, sortBy, page, setPage }}
        result={list}
        columns={TENDER_COLUMNS}
        texts={TABLE_TEXTS}
        testId="tenders-table"
        renderRow={(t) => (
          <TableRow key={t.Id}>
            <TableCell className="min-w-56" title={t.Title}>
              {cutWords(t.Title, WORD_CUTS.tenderTitle)}
            </TableCell>
            <TableCell className="min-w-40" title={t.ColaboratorCountry ? `${t.Company} (${t.ColaboratorCountry})` : t.Company}>
              {t.ColaboratorCUI === null ? (
                // a supplier registered abroad: no company page, its country instead
                <span>
                  {cutWords(t.Company, WORD_CUTS.tenderCompany)}
                  {t.ColaboratorCountry ? <span className="block text-xs text-muted-foreground">Firmă străină · {t.ColaboratorCountry}</span> : null}
                </span>
              ) : (
                <PartnerLink cui={t.ColaboratorCUI} name={t.Company} isCompany={t.IsCompany}>
                  {cutWords(t.Company, WORD_CUTS.tenderCompany)}
                </PartnerLink>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {t.ColaboratorCUI === null ? (
                <span title="Cod fiscal din țara firmei (nu este CUI românesc)">{t.ColaboratorTaxId ?? '-'}</span>
              ) : (
                <PartnerLink cui={t.ColaboratorCUI} name={t.Company} isCompany={t.IsCompany}>
                  {t.ColaboratorCUI}
                </PartnerLink>
              )}
            </TableCell>
            <TableCell>{tenderRole(t.CompanyIsSupplier)}</TableCell>
            <TableCell className="min-w-36" title={t.CPV ?? undefined}>
              {t.CPV ? cutWords(t.CPV, WORD_CUTS.tenderCpv) : '-'}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatRon(t.EstimatedValue)}</TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatRon(t.FinalValue)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(t.PublishDate)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(t.FinishDate)}</TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
