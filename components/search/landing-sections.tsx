'use client';

// Landing sections that open the advanced search with one filter: counties (a
// searchable dropdown with 'Toate' and the top 6 cards), CAEN (3 cards and a searchable dropdown).
import * as React from 'react';
import { Factory, MapPin } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { FilterCard, SectionHeading } from './landing-ui';
import { buildSearchUrl } from './search-url';

type CountyStat = { Id: number; Name: string; CompaniesNr: number };
type CaenStat = { Code: string; Description: string; CompaniesNr: number };

const TOP_COUNTIES = 6;
const TOP_CAENS = 3;

export function CountiesSection({ counties }: { counties: CountyStat[] }) {
  const [selected, setSelected] = React.useState<string | null>(null);
  const options = React.useMemo(
    () =>
      [...counties]
        .sort((a, b) => a.Name.localeCompare(b.Name, 'ro'))
        .map((c) => ({ value: String(c.Id), label: c.Name, description: `${formatNumber(c.CompaniesNr)} firme` })),
    [counties],
  );
  const shown = selected === null ? counties.slice(0, TOP_COUNTIES) : counties.filter((c) => String(c.Id) === selected);
  return (
    <section aria-labelledby="counties-title" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <PickerHeading
        heading={{ id: 'counties-title', title: 'Firme pe județe', text: 'Județele cu cele mai multe firme. Alegeți un județ pentru a-i vedea firmele.' }}
        picker={{ id: 'counties-picker', label: 'Județ', width: 'sm:w-72', searchPlaceholder: 'Caută județul…' }}
        options={options}
        selected={selected}
        onSelect={setSelected}
      />
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:mt-8 sm:gap-4 lg:grid-cols-3" data-testid="county-cards">
        {shown.map((c) => (
          <li key={c.Id}>
            <FilterCard href={buildSearchUrl({ CountyId: c.Id })} title={c.Name} count={c.CompaniesNr} icon={<MapPin className="size-5" aria-hidden="true" />} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CaenSection({ caens }: { caens: CaenStat[] }) {
  const [selected, setSelected] = React.useState<string | null>(null);
  const options = React.useMemo(
    () =>
      [...caens]
        .sort((a, b) => a.Code.localeCompare(b.Code))
        .map((c) => ({ value: c.Code, label: `${c.Code} - ${c.Description}`, keywords: [c.Code, c.Description] })),
    [caens],
  );
  const shown = selected === null ? caens.slice(0, TOP_CAENS) : caens.filter((c) => c.Code === selected);
  return (
    <section aria-labelledby="caen-title" className="bg-subtle">
      <div className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <PickerHeading
          heading={{ id: 'caen-title', title: 'Domenii de activitate', text: 'Codurile CAEN cu cele mai multe firme. Căutați orice alt cod în listă.' }}
          picker={{ id: 'caen-picker', label: 'Cod CAEN', width: 'sm:w-96', searchPlaceholder: 'Caută după cod sau denumire…' }}
          options={options}
          selected={selected}
          onSelect={setSelected}
        />
        <ul className="mt-8 grid gap-4 md:grid-cols-3" data-testid="caen-cards">
          {shown.map((c) => (
            <li key={c.Code}>
              <FilterCard
                href={buildSearchUrl({ CaenCode: c.Code })}
                title={`CAEN ${c.Code}`}
                subtitle={c.Description}
                count={c.CompaniesNr}
                icon={<Factory className="size-5" aria-hidden="true" />}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A section's heading with its searchable picker beside it (below it on a phone). */
function PickerHeading({
  heading,
  picker,
  options,
  selected,
  onSelect,
}: {
  heading: { id: string; title: string; text: string };
  picker: { id: string; label: string; width: string; searchPlaceholder: string };
  options: ComboboxOption[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <SectionHeading {...heading} />
      <div className={`w-full ${picker.width}`}>
        <span id={picker.id} className="mb-1.5 block text-sm font-medium">
          {picker.label}
        </span>
        <Combobox aria-labelledby={picker.id} options={options} value={selected} allOption searchPlaceholder={picker.searchPlaceholder} onValueChange={onSelect} />
      </div>
    </div>
  );
}
