import * as React from 'react';
import { formatNumber } from '@/lib/format';
import { INPUT_INFO, formatInput } from '@/lib/risk/inputs';
import type { CompanyRisk, Quartiles } from '@/lib/risk/types';
import { SectorChartLoader } from './sector-chart-loader';


function QuartileCell({ k, q }: { k: Parameters<typeof formatInput>[0]; q: Quartiles | null }) {
  if (!q) return <td className="py-1.5 pr-2 text-right">-</td>;
  return (
    <td className="py-1.5 pr-2 text-right tabular-nums">
      {formatInput(k, q[0])} · <strong>{formatInput(k, q[1])}</strong> · {formatInput(k, q[2])}
    </td>
  );
}

/** Ratios against the quartiles of the CAEN class (national and county), market share and rank. */
export function SectorBenchmarks({ risk }: { risk: CompanyRisk }) {
  return (
    <section aria-labelledby="sector-title" className="flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm" data-testid="sector-benchmarks">
      <h2 id="sector-title" className="text-base font-semibold">
        Comparație cu sectorul (CAEN {risk.CaenCode ?? '-'}, {risk.Year})
      </h2>
      <p className="text-sm" data-testid="market-share">
        Cota de piață în clasa CAEN: <strong>{risk.MarketShare == null ? '-' : `${formatNumber(risk.MarketShare * 100, risk.MarketShare < 0.01 ? 3 : 2)} %`}</strong>
        {risk.Rank ? (
          <>
            {' '}· locul <strong>{formatNumber(risk.Rank)}</strong> după cifra de afaceri
          </>
        ) : null}
        {risk.ClassCompanies ? ` din ${formatNumber(risk.ClassCompanies)} de firme cu situații financiare în clasă` : null}
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel: indicatorii firmei față de sector">
        <table className="w-full min-w-[560px] text-sm" data-testid="benchmark-table">
          <caption className="sr-only">Indicatorii firmei față de cuartilele clasei CAEN, național și în județ</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 pr-2 font-medium">Indicator</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Firma</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Național: Q1 · mediană · Q3</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                Județ: Q1 · mediană · Q3{risk.CountyCompanies ? ` (${formatNumber(risk.CountyCompanies)} firme)` : ''}
              </th>
            </tr>
          </thead>
          <tbody>
            {risk.Benchmarks.map((b) => (
              <tr key={b.Key} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">{INPUT_INFO[b.Key].label}</th>
                <td className="py-1.5 pr-2 text-right font-medium tabular-nums">{formatInput(b.Key, b.Company)}</td>
                <QuartileCell k={b.Key} q={b.National} />
                <QuartileCell k={b.Key} q={b.County} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SectorChartLoader series={risk.Series} />
    </section>
  );
}
