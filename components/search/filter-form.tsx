'use client';

// The filters of the advanced search: employee, turnover and profit ranges with
// preset ranges, CAEN code, county, locality, company status, contact availability, insolvency
// risk, bids and European projects; on the advanced search also the fiscal checks, the arrears
// lists and the risk band (decision 107). Used in the side panel and in the small-screen modal.
import * as React from 'react';
import {
  ALL_OPTION_LABEL,
  CONTACT_FILTER_OPTIONS,
  EMPLOYEE_PRESET_RANGES,
  flagsToContactFilter,
  contactFilterToFlags,
  INSOLVENCY_RISK_OPTIONS,
  MONEY_PRESET_RANGES,
  normalizeRanges,
  parseFilterNumber,
  RANGES,
  RISK_BAND_OPTIONS,
  YES_NO_ALL_OPTIONS,
  type RiskBandCode,
  type ContactFilterId,
  type FilterNames,
  type PresetRange,
  type RangeKey,
  type SearchFilter,
} from '@/lib/filters';
import { formatDate, formatNumber } from '@/lib/format';
import type { FactFilterInfo } from '@/lib/search/types';
import type { CompanyFacets, FacetValue } from '@/lib/search/facets';
import { padCaenCode } from '@/lib/slug';
import { cutText, TEXT_CUTS } from '@/lib/text';
import { cn } from '@/lib/utils';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { OptionSelect } from '@/components/ui/option-select';
import { useLookup } from './use-lookup';

type FilterFormProps = {
  filter: SearchFilter;
  names: FilterNames;
  onChange: (patch: Partial<SearchFilter>, names?: Partial<FilterNames>) => void;
  /** Inside the modal the comboboxes must be modal too (wheel scrolling). */
  inDialog?: boolean;
  className?: string;
  /** How many companies each option gives under the other active filters (null: not available). */
  facets?: CompanyFacets | null;
  /**
   * The fiscal and risk filters (decision 107), shown only where the list's endpoint reads them
   * (the advanced search): how many companies have an ANAF check, and the latest arrears list.
   */
  facts?: FactFilterInfo | null;
};

/** The count shown next to an option, or undefined when the counts are not loaded. */
const countText = (n: number | undefined | null) => (n === undefined || n === null ? undefined : formatNumber(n));

const ALL = 'all';

function Field({ label, htmlFor, labelId, children }: { label: string; htmlFor?: string; labelId?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} id={labelId} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

const presetValue = (p: PresetRange) => `${p.min}-${p.max}`;

const BOUND_WORDS = { min: ['minim', 'Minim'], max: ['maxim', 'Maxim'] } as const;

/** One bound of a range: typed freely, committed on blur or Enter (invalid text is then cleared). */
function RangeBoundInput({
  id,
  label,
  bound,
  isMoney,
  value,
  onValueChange,
  onCommit,
}: {
  id: string;
  /** The range's label; the accessible name is "<label>: minim" or "<label>: maxim". */
  label: string;
  bound: 'min' | 'max';
  isMoney: boolean;
  value: string;
  onValueChange: (text: string) => void;
  onCommit: () => void;
}) {
  const invalid = value.trim() !== '' && parseFilterNumber(value, { integer: !isMoney }) === null;
  const [word, placeholder] = BOUND_WORDS[bound];
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}{`: ${word}`}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={isMoney ? 'any' : 1}
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={onCommit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onCommit();
          }
        }}
      />
    </div>
  );
}

function RangeField({
  rangeKey,
  filter,
  onChange,
  presets,
  counts,
}: {
  rangeKey: RangeKey;
  filter: SearchFilter;
  onChange: FilterFormProps['onChange'];
  presets: ReadonlyArray<PresetRange>;
  /** results per preset (same order), when known */
  counts?: ReadonlyArray<{ Min: number; Max: number; Count: number }>;
}) {
  const id = React.useId();
  const { min: minKey, max: maxKey, label, isMoney } = RANGES[rangeKey];
  const min = filter[minKey] ?? null;
  const max = filter[maxKey] ?? null;
  // A 0 maximum above a positive minimum is the "no upper bound" encoding (lib/filters resolveRange).
  const shownMax = min !== null && min > 0 && max === 0 && isMoney ? null : max;
  const [minText, setMinText] = React.useState(min === null ? '' : String(min));
  const [maxText, setMaxText] = React.useState(shownMax === null ? '' : String(shownMax));
  const [synced, setSynced] = React.useState({ min, shownMax });
  if (synced.min !== min || synced.shownMax !== shownMax) {
    setSynced({ min, shownMax });
    setMinText(min === null ? '' : String(min));
    setMaxText(shownMax === null ? '' : String(shownMax));
  }

  const commit = (minValue: string, maxValue: string) => {
    const next = normalizeRanges({ [minKey]: minValue, [maxKey]: maxValue } as Record<string, unknown> as SearchFilter);
    const nextMin = next[minKey] ?? null;
    const nextMax = next[maxKey] ?? null;
    // Invalid or negative input is cleared.
    setMinText(nextMin === null ? '' : String(nextMin));
    setMaxText(nextMax === null || (isMoney && nextMin !== null && nextMin > 0 && nextMax === 0) ? '' : String(nextMax));
    if (nextMin !== min || nextMax !== max) onChange({ [minKey]: nextMin, [maxKey]: nextMax });
  };

  const preset = presets.find((p) => p.min === min && p.max === max);
  const allText = min === null && max === null ? 'Intervale predefinite' : 'Oricât';

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-foreground">{label}{isMoney ? ' (RON)' : ''}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['min', minText, setMinText],
            ['max', maxText, setMaxText],
          ] as const
        ).map(([bound, text, setText]) => (
          <RangeBoundInput
            key={bound}
            id={`${id}-${bound}`}
            label={label}
            bound={bound}
            isMoney={isMoney}
            value={text}
            onValueChange={setText}
            onCommit={() => commit(minText, maxText)}
          />
        ))}
      </div>
      <Select
        value={preset ? presetValue(preset) : ALL}
        onValueChange={(v) => {
          if (v === ALL) onChange({ [minKey]: null, [maxKey]: null });
          else {
            const p = presets.find((x) => presetValue(x) === v);
            if (p) onChange({ [minKey]: p.min, [maxKey]: p.max });
          }
        }}
      >
        <SelectTrigger size="sm" aria-label={`${label}: intervale predefinite`}>
          {/* As the items say (shown from the server render on, not only once they mount). */}
          <SelectValue placeholder="Intervale predefinite">{preset ? preset.label : allText}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allText}</SelectItem>
          {presets.map((p) => (
            <SelectItem key={presetValue(p)} value={presetValue(p)} count={countText(counts?.find((c) => c.Min === p.min && c.Max === p.max)?.Count)}>
              {p.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </fieldset>
  );
}

function ChoiceField<T extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; count?: string }>;
  onValueChange: (v: T) => void;
}) {
  const id = React.useId();
  return (
    <Field label={label} labelId={`${id}-label`}>
      <OptionSelect aria-labelledby={`${id}-label`} value={value} onValueChange={(v) => onValueChange(v as T)} options={options} />
    </Field>
  );
}

const boolToValue = (v: boolean | null) => (v === null ? ALL : String(v));
const valueToBool = (v: string) => (v === ALL ? null : v === 'true');

/** Da / Nu / Toate with the count of Da and Nu (none while the counts load or without the engine). */
const yesNoWithCounts = (counts: FacetValue[] | undefined) =>
  YES_NO_ALL_OPTIONS.map((o) => ({ value: boolToValue(o.value), label: o.label, count: o.value === null ? undefined : countText(counts?.find((c) => c.Value === o.value)?.Count) }));

const caenOptionLabel = (code: string, description: string) => `${code} - ${cutText(description, TEXT_CUTS.caenLabel)}`;

/** Adds the count of each option (by value) to combobox options. */
function withCounts(options: ComboboxOption[], counts: Map<string, number> | null): ComboboxOption[] {
  if (!counts) return options;
  return options.map((o) => ({ ...o, count: formatNumber(counts.get(o.value) ?? 0) }));
}

/**
 * The fiscal checks (decision 098), the arrears lists (099) and the risk band (100): a company never
 * checked at ANAF matches neither "Da" nor "Nu", and the note says so.
 */
function FactFields({ filter, onChange, facts, facets }: { filter: SearchFilter; onChange: FilterFormProps['onChange']; facts: FactFilterInfo; facets: CompanyFacets | null }) {
  const id = React.useId();
  const bandOptions = [
    { value: ALL, label: ALL_OPTION_LABEL },
    ...RISK_BAND_OPTIONS.map((o) => ({ value: o.value as string, label: o.label, count: countText(facets?.RiskBands.find((b) => b.Band === o.value)?.Count) })),
  ];
  return (
    <fieldset className="flex flex-col gap-5 border-t pt-4" aria-describedby={`${id}-note`}>
      <legend className="pt-4 text-sm font-semibold text-foreground">Verificare fiscală și risc</legend>
      <p id={`${id}-note`} className="text-xs text-muted-foreground" data-testid="fiscal-filter-note">
        După ultima verificare la ANAF a fiecărei firme ({formatNumber(facts.CheckedCompanies)} {facts.CheckedCompanies === 1 ? 'firmă verificată' : 'firme verificate'}
        ). O firmă neverificată nu apare nici la „Da”, nici la „Nu”.
      </p>
      <ChoiceField label="Plătitor de TVA" value={boolToValue(filter.IsVatPayer)} options={yesNoWithCounts(facets?.VatPayer)} onValueChange={(v) => onChange({ IsVatPayer: valueToBool(v) })} />
      <ChoiceField label="Inactiv la ANAF" value={boolToValue(filter.IsInactive)} options={yesNoWithCounts(facets?.Inactive)} onValueChange={(v) => onChange({ IsInactive: valueToBool(v) })} />
      <ChoiceField label="Înregistrat în e-Factura" value={boolToValue(filter.HasEFactura)} options={yesNoWithCounts(facets?.EFactura)} onValueChange={(v) => onChange({ HasEFactura: valueToBool(v) })} />
      {facts.ArrearsListDate ? (
        <ChoiceField
          label={`Datorii la buget (lista ANAF din ${formatDate(facts.ArrearsListDate)})`}
          value={boolToValue(filter.HasTaxArrears)}
          options={yesNoWithCounts(facets?.TaxArrears)}
          onValueChange={(v) => onChange({ HasTaxArrears: valueToBool(v) })}
        />
      ) : null}
      <ChoiceField
        label="Clasă de risc"
        value={filter.RiskBand ?? ALL}
        options={bandOptions}
        onValueChange={(v) => onChange({ RiskBand: v === ALL ? null : (v as RiskBandCode) })}
      />
    </fieldset>
  );
}

export function FilterForm({ filter, names, onChange, inDialog = false, className, facets = null, facts = null }: FilterFormProps) {
  const id = React.useId();
  const caen = useLookup('GET /api/CAEN/getCAENsForFilter', (r) => ({
    value: r.Code,
    label: caenOptionLabel(r.Code, r.Description),
    description: r.Description,
    keywords: [r.Code, r.Description],
  }));
  const counties = useLookup('GET /api/Location/getCounties', (r) => ({ value: String(r.Id), label: r.County }));
  const prefectures = useLookup(
    'GET /api/Location/getPrefectures',
    (r) => ({ value: String(r.Id), label: r.Prefecture }),
    { countyId: filter.CountyId ?? -1 },
  );
  const statuses = useLookup('GET /api/Company/getCompanyStatuses', (r) => ({ value: String(r.Code), label: r.Name }));

  const selected = (value: string | null, label: string | null | undefined): ComboboxOption | null =>
    value !== null && label ? { value, label } : null;

  const contactValue = flagsToContactFilter(filter);
  const contactOptions = [
    { value: ALL, label: ALL_OPTION_LABEL },
    ...CONTACT_FILTER_OPTIONS.map((o) => ({ value: String(o.Id), label: o.Name, count: countText(facets?.Contact.find((c) => c.Id === o.Id)?.Count) })),
  ];
  const riskOptions = [
    { value: ALL, label: ALL_OPTION_LABEL },
    ...INSOLVENCY_RISK_OPTIONS.map((o) => ({ value: String(o.value), label: o.label, count: countText(facets?.InsolvencyRisk.find((c) => c.Value === o.value)?.Count) })),
  ];
  const caenCounts = facets ? new Map(facets.Caen.map((c) => [c.Code, c.Count])) : null;
  const countyCounts = facets ? new Map(facets.Counties.map((c) => [String(c.Id), c.Count])) : null;
  const statusCounts = facets ? new Map(facets.Statuses.map((c) => [String(c.Code), c.Count])) : null;

  return (
    <div className={cn('flex flex-col gap-5', className)}>
      <RangeField rangeKey="employees" filter={filter} onChange={onChange} presets={EMPLOYEE_PRESET_RANGES} counts={facets?.Employees} />
      <RangeField rangeKey="turnover" filter={filter} onChange={onChange} presets={MONEY_PRESET_RANGES} counts={facets?.Turnover} />
      <RangeField rangeKey="profit" filter={filter} onChange={onChange} presets={MONEY_PRESET_RANGES} counts={facets?.Profit} />

      <Field label="Cod CAEN" labelId={`${id}-caen`}>
        <Combobox
          aria-labelledby={`${id}-caen`}
          options={withCounts(caen.options, caenCounts)}
          loading={caen.loading}
          value={filter.CaenCode}
          selectedOption={selected(filter.CaenCode, names.caen ? caenOptionLabel(filter.CaenCode ?? '', names.caen) : filter.CaenCode)}
          allOption
          modal={inDialog}
          searchPlaceholder="Caută după cod sau denumire…"
          onSearchChange={(q) => caen.load(q)}
          onOpenChange={(open) => open && caen.load('')}
          onValueChange={(value, option) => onChange({ CaenCode: value ? padCaenCode(value) : null }, { caen: option?.description ?? null })}
        />
      </Field>

      <Field label="Județ" labelId={`${id}-county`}>
        <Combobox
          aria-labelledby={`${id}-county`}
          options={withCounts(counties.options, countyCounts)}
          loading={counties.loading}
          value={filter.CountyId === null ? null : String(filter.CountyId)}
          selectedOption={selected(filter.CountyId === null ? null : String(filter.CountyId), names.county)}
          allOption
          modal={inDialog}
          searchPlaceholder="Caută județul…"
          onOpenChange={(open) => open && counties.options.length === 0 && counties.load('')}
          // Choosing a county clears the locality.
          onValueChange={(value, option) =>
            onChange({ CountyId: value === null ? null : Number(value), PrefectureId: null }, { county: option?.label ?? null, prefecture: null })
          }
        />
      </Field>

      <Field label="Localitate" labelId={`${id}-locality`}>
        <Combobox
          aria-labelledby={`${id}-locality`}
          options={prefectures.options}
          loading={prefectures.loading}
          value={filter.PrefectureId === null ? null : String(filter.PrefectureId)}
          selectedOption={selected(filter.PrefectureId === null ? null : String(filter.PrefectureId), names.prefecture)}
          allOption
          modal={inDialog}
          searchPlaceholder="Caută localitatea…"
          onSearchChange={(q) => prefectures.load(q)}
          onOpenChange={(open) => open && prefectures.load('')}
          onValueChange={(value, option) => onChange({ PrefectureId: value === null ? null : Number(value) }, { prefecture: option?.label ?? null })}
        />
      </Field>

      <Field label="Stare firmă" labelId={`${id}-status`}>
        <Combobox
          aria-labelledby={`${id}-status`}
          options={withCounts(statuses.options, statusCounts)}
          loading={statuses.loading}
          value={filter.StatusCode === null ? null : String(filter.StatusCode)}
          selectedOption={selected(filter.StatusCode === null ? null : String(filter.StatusCode), names.status)}
          allOption
          modal={inDialog}
          searchPlaceholder="Caută starea…"
          onOpenChange={(open) => open && statuses.options.length === 0 && statuses.load('')}
          onValueChange={(value, option) => onChange({ StatusCode: value === null ? null : Number(value) }, { status: option?.label ?? null })}
        />
      </Field>

      <ChoiceField
        label="Date de contact"
        value={contactValue === null ? ALL : String(contactValue)}
        options={contactOptions}
        onValueChange={(v) => onChange(contactFilterToFlags(v === ALL ? null : (Number(v) as ContactFilterId)))}
      />
      <ChoiceField
        label="Risc de insolvență"
        value={boolToValue(filter.HasInsolvencyRisk)}
        options={riskOptions}
        onValueChange={(v) => onChange({ HasInsolvencyRisk: valueToBool(v) })}
      />
      <ChoiceField label="Licitații" value={boolToValue(filter.HasBids)} options={yesNoWithCounts(facets?.Bids)} onValueChange={(v) => onChange({ HasBids: valueToBool(v) })} />
      <ChoiceField
        label="Proiecte europene"
        value={boolToValue(filter.HasEuropeanProjects)}
        options={yesNoWithCounts(facets?.EuropeanProjects)}
        onValueChange={(v) => onChange({ HasEuropeanProjects: valueToBool(v) })}
      />
      {facts ? <FactFields filter={filter} onChange={onChange} facts={facts} facets={facets} /> : null}
    </div>
  );
}
