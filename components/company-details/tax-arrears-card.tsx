import * as React from 'react';
import { formatDate, formatRon } from '@/lib/format';
import { ARREARS_BUDGET_LABELS, ARREARS_CATEGORY_LABELS } from '@/lib/fiscal/labels';
import type { TaxArrearsDto } from '@/lib/fiscal/types';

/**
 * "Obligații restante la bugete": the company's arrears in ANAF's newest list of debtors that names
 * it, by budget (principal and accessories), with the list's date (decision 108). Not drawn before
 * any list was imported; "not listed" is said against the newest list.
 */
export function TaxArrearsCard({ data }: { data: TaxArrearsDto }) {
  return (
    <section aria-labelledby="arrears-title" className="rounded-lg border bg-background p-4 shadow-sm" data-testid="tax-arrears">
      <h2 id="arrears-title" className="text-base font-semibold">
        Obligații restante la bugete
      </h2>
      {data.ListDate === null ? (
        <p className="mt-2 text-sm text-success" data-testid="tax-arrears-none">
          Firma nu figurează în listele ANAF ale debitorilor cu obligații fiscale restante (ultima listă: {formatDate(data.NewestListDate)}).
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm font-semibold text-destructive" data-testid="tax-arrears-total">
            {formatRon(data.Total)} restanțe în lista din {formatDate(data.ListDate)}
            {data.Category ? ` (${ARREARS_CATEGORY_LABELS[data.Category]})` : ''}
          </p>
          <dl className="mt-1">
            {data.Budgets.map((b) => (
              <div key={b.Budget} className="flex flex-col gap-0.5 border-b py-2 last:border-0" data-testid={`tax-arrears-${b.Budget}`}>
                <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{ARREARS_BUDGET_LABELS[b.Budget] ?? b.Budget}</dt>
                <dd className="text-sm">
                  <span className="font-semibold">{formatRon(b.Principal + b.Accessories)}</span>{' '}
                  <span className="ml-1.5 text-muted-foreground">
                    (principal {formatRon(b.Principal)}, accesorii {formatRon(b.Accessories)})
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="mt-2 text-xs text-muted-foreground">Sursa: ANAF, lista debitorilor persoane juridice cu obligații fiscale restante (publicată trimestrial; cuprinde doar restanțele peste pragul categoriei).</p>
    </section>
  );
}
