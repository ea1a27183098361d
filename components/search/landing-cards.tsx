// Landing sections rendered on the server: the four company-size cards, the two insolvency-risk
// cards and the four steps. Every card opens the advanced search with its filter.
import * as React from 'react';
import { Building, Building2, Factory, ListFilter, Search, ShieldAlert, ShieldCheck, Store, UserPlus, Users } from 'lucide-react';
import { normalizeRanges } from '@/lib/filters';
import { formatRon } from '@/lib/format';
import { FilterCard, SectionHeading } from './landing-ui';
import { buildSearchUrl } from './search-url';

type SizeGroup = { Name: string; Icon: string; MinTurnover: number; MaxTurnover: number; CompaniesNr: number };

const SIZE_ICONS: Record<string, React.ComponentType<{ className?: string }>> = {
  store: Store,
  building: Building,
  'building-2': Building2,
  factory: Factory,
};

/**
 * The card's search: a bound is included only if it is 0 or more; a minimum without a
 * maximum then gets the maximum 0 = "no upper bound" (lib/filters normalizeRanges), so the
 * range survives the address (ranges are restored only with both ends).
 */
export function sizeGroupHref(g: Pick<SizeGroup, 'MinTurnover' | 'MaxTurnover'>): string {
  const range = normalizeRanges({
    MinTurnover: g.MinTurnover >= 0 ? g.MinTurnover : null,
    MaxTurnover: g.MaxTurnover >= 0 ? g.MaxTurnover : null,
  });
  return buildSearchUrl(range);
}

function sizeGroupRangeText(g: Pick<SizeGroup, 'MinTurnover' | 'MaxTurnover'>): string {
  if (g.MinTurnover >= 0 && g.MaxTurnover >= 0) return `Cifră de afaceri între ${formatRon(g.MinTurnover)} și ${formatRon(g.MaxTurnover)}`;
  if (g.MinTurnover >= 0) return `Cifră de afaceri de cel puțin ${formatRon(g.MinTurnover)}`;
  if (g.MaxTurnover >= 0) return `Cifră de afaceri de cel mult ${formatRon(g.MaxTurnover)}`;
  return 'Orice cifră de afaceri';
}

export function SizeSection({ groups }: { groups: SizeGroup[] }) {
  return (
    <section aria-labelledby="size-title" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <SectionHeading id="size-title" title="Firme după mărime" text="După cifra de afaceri din ultimul an raportat." />
      <ul className="mt-6 grid gap-3 sm:mt-8 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4" data-testid="size-cards">
        {groups.map((g) => {
          const Icon = SIZE_ICONS[g.Icon] ?? Building;
          return (
            <li key={g.Name}>
              <FilterCard href={sizeGroupHref(g)} title={g.Name} subtitle={sizeGroupRangeText(g)} count={g.CompaniesNr} icon={<Icon className="size-5" aria-hidden="true" />} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function RiskSection({ low, high }: { low: number; high: number }) {
  return (
    <section aria-labelledby="risk-title" className="bg-subtle">
      <div className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <SectionHeading id="risk-title" title="Risc de insolvență" text="Scorul calculat din ultimul bilanț depus: vedeți firmele sigure și pe cele cu risc ridicat." />
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="risk-cards">
          <li>
            <FilterCard
              href={buildSearchUrl({ HasInsolvencyRisk: false })}
              title="Risc scăzut"
              subtitle="Firme fără semnale de insolvență în ultimul bilanț."
              count={low}
              icon={<ShieldCheck className="size-5 text-success" aria-hidden="true" />}
            />
          </li>
          <li>
            <FilterCard
              href={buildSearchUrl({ HasInsolvencyRisk: true })}
              title="Risc ridicat"
              subtitle="Firme al căror scor indică un risc ridicat de insolvență."
              count={high}
              icon={<ShieldAlert className="size-5 text-destructive" aria-hidden="true" />}
            />
          </li>
        </ul>
      </div>
    </section>
  );
}

const STEPS = [
  { icon: ListFilter, title: 'Filtrare detaliată', text: 'Restrângeți lista după angajați, cifră de afaceri, profit, cod CAEN, județ și localitate.' },
  { icon: Search, title: 'Căutare avansată', text: 'Găsiți firma după nume sau CUI, chiar dacă scrieți fără diacritice.' },
  { icon: Users, title: 'Creați grupuri', text: 'Păstrați firmele care vă interesează în grupuri și lucrați împreună cu colegii.' },
  { icon: UserPlus, title: 'Adăugați contacte', text: 'Completați persoanele de contact și trimiteți e-mailuri direct din aplicație.' },
] as const;

export function StepsSection() {
  return (
    <section aria-labelledby="steps-title" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <SectionHeading id="steps-title" title="Cum vă ajută RadarFirme" text="Patru pași de la o idee la o listă de clienți." />
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((s, i) => (
          <li key={s.title} className="flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm">
            <span className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground" aria-hidden="true">
                {i + 1}
              </span>
              <s.icon className="size-5 text-primary" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">
              <span className="sr-only">Pasul {i + 1}: </span>
              {s.title}
            </h3>
            <p className="text-sm text-muted-foreground">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
