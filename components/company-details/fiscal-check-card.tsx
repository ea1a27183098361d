import * as React from 'react';
import { checkedAtText, fiscalLines, fiscalNotice } from '@/lib/fiscal/labels';
import type { FiscalCheckDto } from '@/lib/fiscal/types';
import { cn } from '@/lib/utils';
import { FiscalAskNow } from './fiscal-ask-now';

const TONE = { good: 'text-success', bad: 'text-destructive', neutral: 'text-foreground' } as const;

/**
 * "Verificare fiscală": the last stored answer of ANAF's VAT-payer register (decision 098). Drawn on
 * the server from the stored check: the page never waits for ANAF. "Verifică acum" is a client island.
 */
export function FiscalCheckCard({ cui, check }: { cui: number; check: FiscalCheckDto | null }) {
  const lines = check ? fiscalLines(check) : [];
  const notice = fiscalNotice(check);
  return (
    <section aria-labelledby="fiscal-title" className="rounded-lg border bg-background p-4 shadow-sm" data-testid="fiscal-check">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="fiscal-title" className="text-base font-semibold">
          Verificare fiscală
        </h2>
        <FiscalAskNow kind="fiscal-check" cui={cui} />
      </div>
      {lines.length ? (
        <dl className="mt-1">
          {lines.map((l) => (
            <div key={l.key} className="flex flex-col gap-0.5 border-b py-2 last:border-0" data-testid={`fiscal-${l.key}`}>
              <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{l.label}</dt>
              <dd className={cn('text-sm font-semibold', TONE[l.tone])}>
                {l.value}
                <span className="ml-1.5 text-xs font-normal text-muted-foreground">{checkedAtText(check!.CheckedAt!)}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {notice ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status" data-testid="fiscal-notice">
          {notice}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-muted-foreground">Sursa: ANAF, registrul persoanelor impozabile înregistrate în scopuri de TVA.</p>
    </section>
  );
}
