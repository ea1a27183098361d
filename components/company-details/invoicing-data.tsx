import * as React from 'react';
import { formatDate } from '@/lib/format';
import type { CompanyDetails } from '../../lib/company/types';
import { CopyButton } from './copy-button';

/** Invoicing data block: what goes on an invoice, with copy buttons. */
export function InvoicingData({ details }: { details: CompanyDetails }) {
  const rows: Array<[string, string | null]> = [
    ['Denumire', details.Name],
    ['CUI', String(details.Cui)],
    ['Nr. Reg. Com.', details.RegistrationCode],
    ['EUID', details.Euid],
    ['Adresă', details.FullAddress],
    ['Județ', details.County],
    ['Localitate', details.Prefecture],
    ['Cod poștal', details.PostalCode],
    ['Data înființării', details.EstablishmentDate ? formatDate(details.EstablishmentDate) : null],
  ];
  const present = rows.filter((r): r is [string, string] => !!r[1]);
  const all = present.map(([k, v]) => `${k}: ${v}`).join('\n');
  return (
    <section aria-labelledby="invoicing-title" className="rounded-lg border bg-background p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="invoicing-title" className="text-base font-semibold">
          Date de facturare
        </h2>
        <CopyButton text={all} all label="Copiază toate datele de facturare" />
      </div>
      <dl className="mt-2 grid gap-x-4 text-sm sm:grid-cols-[auto_1fr]">
        {present.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="pt-2 text-muted-foreground sm:py-1.5">{k}</dt>
            <dd className="flex items-start justify-between gap-2 pb-2 font-medium break-words sm:py-1.5">
              <span className="min-w-0">{v}</span>
              <CopyButton text={v} label={`Copiază ${k}`} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
