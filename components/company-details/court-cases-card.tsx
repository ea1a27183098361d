import * as React from 'react';
import { formatDate, formatDateTime } from '@/lib/format';
import type { CourtCasesDto } from '@/lib/fiscal/types';
import { COURT_MATCH_LABELS } from '@/lib/fiscal/labels';
import { FiscalAskNow } from './fiscal-ask-now';

/** Court names as the portal spells them ("TribunalulBUCURESTI") made readable. */
const courtName = (s: string) => s.replace(/([a-zăâîșț])([A-ZĂÂÎȘȚ])/g, '$1 $2');

/**
 * "Dosare în instanță": the stored cases naming the company (the courts' portal, decisions 098 and
 * 108), insolvency cases flagged, each with how it was matched. Drawn from stored rows: the page
 * never waits for the portal; "Caută dosare" is a client island.
 */
export function CourtCasesCard({ cui, data }: { cui: number; data: CourtCasesDto }) {
  return (
    <section aria-labelledby="court-title" className="rounded-lg border bg-background p-4 shadow-sm" data-testid="court-cases">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="court-title" className="text-base font-semibold">
          Dosare în instanță
        </h2>
        <FiscalAskNow kind="court-lookup" cui={cui} checked={!!data.CheckedAt} />
      </div>
      {!data.CheckedAt ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {data.Error ? `Căutarea pe portalul instanțelor nu a putut fi făcută: ${data.Error}` : 'Dosarele firmei nu au fost căutate încă pe portalul instanțelor (se caută automat pentru firmele urmărite; le puteți căuta acum).'}
        </p>
      ) : data.Cases.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Niciun dosar găsit pe portalul instanțelor.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {data.Cases.map((c) => (
            <li key={`${c.Number}-${c.Court}`} className="border-b pb-2 text-sm last:border-0" data-testid="court-case">
              <p className="font-semibold">
                Dosar {c.Number} · {courtName(c.Court)}
                {c.IsInsolvency ? <span className="ml-2 rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-medium text-destructive">Insolvență</span> : null}
              </p>
              <p>{c.Object}</p>
              <p className="text-muted-foreground">
                Stadiu: {c.Stage} · Calitatea firmei: {c.Role}
                {c.NextHearing ? ` · Următorul termen: ${formatDate(c.NextHearing)}` : ''}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="court-case-match">
                {COURT_MATCH_LABELS[c.Match]}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data.CheckedAt ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Sursa: portalul instanțelor (portal.just.ro), verificat la {formatDateTime(data.CheckedAt)}
          {data.Error ? `; ultima încercare a eșuat: ${data.Error}` : ''}
        </p>
      ) : null}
    </section>
  );
}
