import * as React from 'react';
import Link from 'next/link';
import { comparePath } from '@/lib/risk/schemas';
import { formatNumber, formatRon } from '@/lib/format';
import { CREDIT_EQUITY_SHARE, CREDIT_TURNOVER_SHARE, bandInfo } from '@/lib/risk/model';
import { INPUT_INFO, formatContribution, formatInput, formatProbability } from '@/lib/risk/inputs';
import type { CompanyRisk } from '@/lib/risk/types';

const BAND_COLORS: Record<string, string> = {
  A: 'bg-green-700 text-white',
  B: 'bg-green-600 text-white',
  C: 'bg-amber-600 text-white',
  D: 'bg-orange-700 text-white',
  E: 'bg-red-700 text-white',
};

/** The credit-limit formula with the company's own numbers, as the page shows it. */
function CreditLimitFormula({ risk }: { risk: CompanyRisk }) {
  const factor = bandInfo(risk.Band)?.creditFactor ?? 0;
  return (
    <p className="text-xs text-muted-foreground" data-testid="credit-limit-formula">
      min({formatNumber(CREDIT_TURNOVER_SHARE * 100)} % × cifra de afaceri {formatRon(risk.Turnover)}, {formatNumber(CREDIT_EQUITY_SHARE * 100)} % × capitaluri
      proprii pozitive {formatRon(Math.max(risk.Equity, 0))}) × factorul benzii {risk.Band} ({formatNumber(factor, 2)}), rotunjit în jos la 100 lei
    </p>
  );
}

/** Band, probability, suggested credit limit and each input with its sector value and contribution. */
export function RiskCard({ risk, cui, isActive }: { risk: CompanyRisk; cui: number; isActive: boolean }) {
  const info = bandInfo(risk.Band);
  return (
    <section aria-labelledby="risk-title" className="flex min-w-0 flex-col gap-4 rounded-lg border bg-background p-4 shadow-sm" data-testid="risk-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="risk-title" className="text-base font-semibold">
          Scorul de risc de neplată ({risk.Year})
        </h2>
        <Link href={comparePath([cui])} className="text-sm text-primary underline underline-offset-2" data-testid="compare-link">
          Compară cu alte firme
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <span className={`flex size-14 items-center justify-center rounded-lg text-3xl font-bold ${BAND_COLORS[risk.Band] ?? ''}`} data-testid="risk-band" aria-label={`Banda ${risk.Band}`}>
          {risk.Band}
        </span>
        <div className="flex flex-col">
          <span className="text-lg font-semibold">{info?.label ?? 'Necunoscut'}</span>
          <span className="text-sm" data-testid="risk-probability">
            Probabilitatea de neplată în anul următor: <strong>{formatProbability(risk.Probability)}</strong>
          </span>
        </div>
        <div className="flex flex-col sm:ml-auto">
          <span className="text-sm">Limită de credit comercial sugerată</span>
          <strong className="text-lg" data-testid="credit-limit">{formatRon(risk.CreditLimit)}</strong>
        </div>
      </div>
      <CreditLimitFormula risk={risk} />
      {!isActive ? (
        <p className="text-sm text-warning">Firma nu mai este în funcțiune: scorul descrie ultimul an cu situații financiare.</p>
      ) : null}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel: indicatorii scorului de risc">
        <table className="w-full min-w-[520px] text-sm" data-testid="risk-inputs">
          <caption className="sr-only">Indicatorii scorului de risc, valoarea sectorului și contribuția fiecăruia</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 pr-2 font-medium">Indicator</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Firma</th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">Mediana sectorului</th>
              <th scope="col" className="py-1.5 text-right font-medium">Contribuție</th>
            </tr>
          </thead>
          <tbody>
            {risk.Inputs.map((i) => (
              <tr key={i.Key} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {INPUT_INFO[i.Key].label}
                  <span className="block text-xs text-muted-foreground">{INPUT_INFO[i.Key].help}</span>
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatInput(i.Key, i.Value)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{formatInput(i.Key, i.Sector)}</td>
                <td className={`py-1.5 text-right tabular-nums ${i.Contribution > 0.005 ? 'text-destructive' : i.Contribution < -0.005 ? 'text-success' : ''}`}>
                  {formatContribution(i.Contribution)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Regresie logistică ajustată pe istoricul datelor: firmele care în anul următor au intrat în insolvență, au fost dizolvate,
        radiate sau suspendate ori nu au mai depus situații financiare ({formatNumber(risk.Model.Observations)} de ani-firmă,{' '}
        {formatNumber(risk.Model.Defaults)} de cazuri, AUC {formatNumber(risk.Model.Auc, 2)}). Contribuția arată cât mută indicatorul
        scorul față de o firmă medie (în log-șanse): „+” crește riscul, „−” îl scade. Scorul Altman Z de mai sus rămâne a doua opinie.
      </p>
    </section>
  );
}
