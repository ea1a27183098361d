'use client';

import * as React from 'react';
import Link from 'next/link';
import { SearchField } from '@/components/ui/search-field';
import type { CustomerOrder } from '@/lib/company-rules';
import { caenPath } from '@/lib/slug';
import { Button } from '@/components/ui/button';
import type { CompanyCardItem, PagedList } from '@/lib/company/types';
import { CompanyList } from './company-list';

type CustomersResult = PagedList<CompanyCardItem> & { MatchedCaen?: Array<{ Code: string; Description: string }> };

function syncUrl(text: string, order: CustomerOrder) {
  const url = new URL(window.location.href);
  if (text) url.searchParams.set('q', text);
  else url.searchParams.delete('q');
  if (order === 'Name') url.searchParams.delete('ordine');
  else url.searchParams.set('ordine', order);
  window.history.replaceState(window.history.state, '', url);
}

/** Find customers: describe what you sell, get the companies whose activity or name matches. */
export function FindCustomers({ initialText, initialOrder, initial, pageSize }: { initialText: string; initialOrder: CustomerOrder; initial: CustomersResult | null; pageSize: number }) {
  const [draft, setDraft] = React.useState(initialText);
  const [text, setText] = React.useState(initialText);
  const [order, setOrder] = React.useState(initialOrder);
  const [matched, setMatched] = React.useState(initial?.MatchedCaen ?? []);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const t = draft.trim();
    setText(t);
    syncUrl(t, order);
  };
  return (
    <div className="flex flex-col gap-5">
      <form role="search" onSubmit={submit} className="flex max-w-3xl flex-col gap-2 sm:flex-row">
        <SearchField id="customers-search" label="Produsele sau serviciile tale" value={draft} onValueChange={setDraft} placeholder="Produsele / serviciile tale ..." inputClassName="h-12" />
        <Button type="submit" size="lg">
          Caută clienți
        </Button>
      </form>
      {text ? (
        <section aria-labelledby="customers-results" className="flex flex-col gap-3">
          <h2 id="customers-results" className="text-xl font-semibold">
            Clienți posibili pentru „{text}”
          </h2>
          <CompanyList
            key={text}
            source={{ kind: 'customers', text, pageSize }}
            initial={text === initialText ? initial : null}
            initialOrder={order}
            onOrderChange={(o) => {
              setOrder(o);
              syncUrl(text, o);
            }}
            onResult={(res) => setMatched((res as CustomersResult).MatchedCaen ?? [])}
            header={
              matched.length > 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="matched-caen">
                  Activități potrivite:{' '}
                  {matched.map((m, i) => (
                    <React.Fragment key={m.Code}>
                      {i > 0 ? ', ' : ''}
                      <Link href={caenPath(m.Code)} className="text-primary hover:underline">
                        {m.Code} {m.Description}
                      </Link>
                    </React.Fragment>
                  ))}
                </p>
              ) : null
            }
          />
        </section>
      ) : (
        <p className="rounded-lg border border-dashed bg-subtle p-6 text-sm text-muted-foreground">
          Descrieți ce vindeți, de exemplu „mobilier de birou”, „servicii de curățenie” sau „software de contabilitate”. Vă arătăm firmele a căror
          activitate principală sau denumire se potrivește cu descrierea.
        </p>
      )}
    </div>
  );
}
