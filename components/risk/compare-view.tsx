import * as React from 'react';
import Link from 'next/link';
import { formatNumber, formatRon } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { bandInfo } from '@/lib/risk/model';
import { formatProbability } from '@/lib/risk/inputs';
import { MAX_COMPARED, comparePath } from '@/lib/risk/schemas';
import type { ComparedCompany, ComparedYear } from '@/lib/risk/types';
import { buttonVariants } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { endpoint } from '@/lib/api/endpoint';

const pct = (v: number | null | undefined) => (v == null ? '-' : `${formatNumber(v * 100, 1)} %`);

type Metric = { label: string; value: (y: ComparedYear) => string };
const YEAR_METRICS: Metric[] = [
  { label: 'Cifra de afaceri', value: (y) => formatRon(y.Turnover) },
  { label: 'Profit net', value: (y) => formatRon(y.NetProfit) },
  { label: 'Angajați', value: (y) => formatNumber(y.Employees) },
  { label: 'Capitaluri proprii', value: (y) => formatRon(y.Equity) },
  { label: 'Lichiditate', value: (y) => pct(y.Liquidity) },
  { label: 'Autonomie financiară', value: (y) => pct(y.EquityRatio) },
  { label: 'Rentabilitatea activelor', value: (y) => pct(y.Profitability) },
  { label: 'Marja netă', value: (y) => pct(y.NetMargin) },
];

/** The form that adds one CUI to the list: a GET to the same page with the whole list. */
function AddCompanyForm({ cuis }: { cuis: readonly number[] }) {
  if (cuis.length >= MAX_COMPARED) return <p className="text-sm text-muted-foreground">Se pot compara cel mult {MAX_COMPARED} firme.</p>;
  return (
    <form action="/Compara" method="get" className="flex flex-wrap items-end gap-2" data-testid="compare-add">
      {cuis.map((c) => (
        <input key={c} type="hidden" name="cui" value={c} />
      ))}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Adăugați o firmă după CUI
        <input name="cui" inputMode="numeric" required placeholder="de exemplu 14399840" className={`${inputClassName} w-56`} />
      </label>
      <button type="submit" className={buttonVariants({ variant: 'default' })}>
        Adaugă
      </button>
    </form>
  );
}

export function CompareView({ companies, requested, error }: { companies: ComparedCompany[]; requested: readonly number[]; error: string | null }) {
  const cuis = companies.map((c) => c.Cui);
  const missing = requested.filter((c) => !cuis.includes(c));
  const years = [...new Set(companies.flatMap((c) => c.Years.map((y) => y.Year)))].sort((a, b) => b - a);
  const exportHref = (format: 'xlsx' | 'csv') => `${endpoint('GET /api/Company/compareExport')}?${new URLSearchParams({ cui: cuis.join(','), format })}`;
  return (
    <div className="flex flex-col gap-6" data-testid="compare-view">
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {missing.length ? <p className="text-sm text-muted-foreground">Nu am găsit firme cu CUI-ul: {missing.join(', ')}.</p> : null}
      <AddCompanyForm cuis={cuis} />
      {companies.length === 0 ? (
        <p className="text-sm text-muted-foreground">Adăugați firme după CUI sau folosiți butonul „Compară” de pe pagina unei firme.</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <a href={exportHref('xlsx')} className={buttonVariants({ variant: 'outline' })} data-testid="compare-export-xlsx" download>
              Descarcă XLSX
            </a>
            <a href={exportHref('csv')} className={buttonVariants({ variant: 'outline' })} download>
              Descarcă CSV
            </a>
          </div>
          <section aria-labelledby="compare-summary" className="flex flex-col gap-2">
            <h2 id="compare-summary" className="text-lg font-semibold">
              Scor și limită de credit
            </h2>
            <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Tabel: scor și limită de credit">
              <table className="w-full min-w-[640px] text-sm" data-testid="compare-summary-table">
                <thead>
                  <tr className="border-b bg-muted/40 text-left">
                    <th scope="col" className="p-2 font-medium">Indicator</th>
                    {companies.map((c) => (
                      <th scope="col" key={c.Cui} className="p-2 font-medium">
                        <Link href={companyPath(c.Cui, c.Name)} className="underline-offset-2 hover:underline">
                          {c.Name}
                        </Link>
                        <span className="block text-xs font-normal text-muted-foreground">
                          CUI {c.Cui}
                          {c.CaenCode ? ` · CAEN ${c.CaenCode}` : ''}
                          {c.County ? ` · ${c.County}` : ''}
                        </span>
                        <Link href={comparePath(cuis.filter((x) => x !== c.Cui))} className="text-xs font-normal text-primary underline underline-offset-2" aria-label={`Scoate ${c.Name} din comparație`}>
                          Scoate
                        </Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-b">
                    <th scope="row" className="p-2 text-left font-normal">Banda de risc</th>
                    {companies.map((c) => (
                      <td key={c.Cui} className="p-2">
                        {c.Band ? (
                          <>
                            <strong>{c.Band}</strong> · {bandInfo(c.Band)?.label}
                          </>
                        ) : (
                          '-'
                        )}
                      </td>
                    ))}
                  </tr>
                  <tr className="border-b">
                    <th scope="row" className="p-2 text-left font-normal">Probabilitate de neplată (anul următor)</th>
                    {companies.map((c) => (
                      <td key={c.Cui} className="p-2 tabular-nums">{c.Probability == null ? '-' : formatProbability(c.Probability)}</td>
                    ))}
                  </tr>
                  <tr className="border-b">
                    <th scope="row" className="p-2 text-left font-normal">Limită de credit sugerată</th>
                    {companies.map((c) => (
                      <td key={c.Cui} className="p-2 tabular-nums">{c.CreditLimit == null ? '-' : formatRon(c.CreditLimit)}</td>
                    ))}
                  </tr>
                  <tr className="border-b">
                    <th scope="row" className="p-2 text-left font-normal">Cota de piață în clasa CAEN</th>
                    {companies.map((c) => (
                      <td key={c.Cui} className="p-2 tabular-nums">{c.MarketShare == null ? '-' : `${formatNumber(c.MarketShare * 100, 2)} %`}</td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row" className="p-2 text-left font-normal">Scor Altman Z (a doua opinie)</th>
                    {companies.map((c) => (
                      <td key={c.Cui} className="p-2 tabular-nums">{formatNumber(c.AltmanScore, 2)}</td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="compare-years" className="flex flex-col gap-2">
            <h2 id="compare-years" className="text-lg font-semibold">
              Cifre și indicatori pe ani
            </h2>
            <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Tabel: cifre și indicatori pe ani">
              <table className="w-full min-w-[640px] text-sm" data-testid="compare-years-table">
                <thead>
                  <tr className="border-b bg-muted/40 text-left">
                    <th scope="col" className="p-2 font-medium">An · indicator</th>
                    {companies.map((c) => (
                      <th scope="col" key={c.Cui} className="p-2 font-medium">{c.Name}</th>
                    ))}
                  </tr>
                </thead>
                {years.map((year) => (
                  <tbody key={year}>
                    <tr className="border-b bg-muted/20">
                      <th scope="rowgroup" colSpan={companies.length + 1} className="p-2 text-left font-semibold">
                        {year}
                      </th>
                    </tr>
                    {YEAR_METRICS.map((m) => (
                      <tr key={m.label} className="border-b">
                        <th scope="row" className="p-2 text-left font-normal">{m.label}</th>
                        {companies.map((c) => {
                          const y = c.Years.find((v) => v.Year === year);
                          return (
                            <td key={c.Cui} className="p-2 tabular-nums">{y ? m.value(y) : '-'}</td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
