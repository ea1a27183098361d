'use client';

import * as React from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { formatNumber, formatRon } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { cn } from '@/lib/utils';
import { useLazyEmbla } from '@/components/ui/use-lazy-embla';
import type { CompanyCardItem, PagedList, SimilarOrder } from '../../lib/company/types';
import { useJson } from './use-json';

const SIMILAR_ORDERS: ReadonlyArray<{ value: SimilarOrder; label: string }> = [
  { value: 'County', label: 'Județ' },
  { value: 'Turnover', label: 'Cifra de afaceri' },
  { value: 'Profit', label: 'Profit' },
  { value: 'Employees', label: 'Angajați' },
  { value: 'CaenCode', label: 'Cod CAEN' },
];
const CAROUSEL_AUTOPLAY_MS = 2000;

function SimilarCard({ c }: { c: CompanyCardItem }) {
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border bg-background p-4 shadow-sm">
      <h4 className="text-sm leading-snug font-semibold">
        <a href={companyPath(c.Cui, c.Name)} target="_blank" rel="noopener" className="line-clamp-2 hover:text-primary hover:underline">
          {c.Name}
        </a>
      </h4>
      <p className="text-xs text-muted-foreground">
        CUI {c.Cui}
        {c.CaenCode ? ` · CAEN ${c.CaenCode}` : ''}
      </p>
      <p className="line-clamp-1 text-xs text-muted-foreground">{[c.Prefecture, c.County].filter(Boolean).join(', ') || '-'}</p>
      <dl className="mt-auto grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted-foreground">Cifra afaceri</dt>
          <dd className="font-semibold">{formatRon(c.NetTurnover)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Profit</dt>
          <dd className="font-semibold">{formatRon(c.NetProfit)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Angajați</dt>
          <dd className="font-semibold">{formatNumber(c.AverageNumberOfEmployees, 0)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** Similar companies with sort tabs; autoplay every 2000 ms, paused on hover, focus or by the button. */
export function SimilarCarousel({ cui, initial, active }: { cui: number; initial: PagedList<CompanyCardItem>; active: boolean }) {
  const [order, setOrder] = React.useState<SimilarOrder>('County');
  const [paused, setPaused] = React.useState(false);
  // The carousel's code loads when the Reprezentanți tab is first opened.
  const [viewportRef, embla] = useLazyEmbla(
    { loop: true, align: 'start', slidesToScroll: 1 },
    { enabled: active, autoplay: { delay: CAROUSEL_AUTOPLAY_MS, stopOnMouseEnter: true, stopOnInteraction: false, playOnInit: false } },
  );
  // The County list comes with the page; the other orders load when chosen.
  const res = useJson('GET /api/Company/getSimilarCompanies', order === 'County' ? null : { query: { PageNumber: 1, PageSize: 20, CompanyCui: cui, OrderBy: order } });
  const loading = res.loading;
  const items = React.useMemo(() => (order === 'County' ? initial.Items : res.loading ? [] : (res.data?.Items ?? [])), [order, initial.Items, res.loading, res.data]);

  React.useEffect(() => {
    embla?.reInit();
    embla?.scrollTo(0, true);
  }, [embla, items]);

  React.useEffect(() => {
    const a = embla?.plugins()?.autoplay;
    if (!a) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (active && !paused && !reduced && items.length > 1) a.play();
    else a.stop();
  }, [embla, active, paused, items]);

  return (
    <section aria-labelledby="similar-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="similar-title" className="text-lg font-semibold">
          Companii similare
        </h3>
        <div className="flex items-center gap-1">
          <button type="button" className="inline-flex size-9 items-center justify-center rounded-md border hover:bg-muted" onClick={() => setPaused((p) => !p)} aria-label={paused ? 'Pornește derularea automată' : 'Oprește derularea automată'}>
            {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
          <button type="button" className="inline-flex size-9 items-center justify-center rounded-md border hover:bg-muted" onClick={() => embla?.scrollPrev()} aria-label="Companiile anterioare">
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <button type="button" className="inline-flex size-9 items-center justify-center rounded-md border hover:bg-muted" onClick={() => embla?.scrollNext()} aria-label="Companiile următoare">
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div role="group" aria-label="Ordonează companiile similare" className="flex flex-wrap gap-1.5">
        {SIMILAR_ORDERS.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={order === o.value}
            onClick={() => setOrder(o.value)}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              order === o.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background text-foreground hover:border-primary',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
      <div
        className={cn('overflow-hidden', loading && 'opacity-60')}
        ref={viewportRef}
        onFocusCapture={() => embla?.plugins()?.autoplay?.stop()}
        data-testid="similar-carousel"
      >
        <ul className="flex touch-pan-y gap-0">
          {items.map((c) => (
            <li key={c.Cui} className="min-w-0 shrink-0 grow-0 basis-full pr-3 sm:basis-1/2 lg:basis-1/3 xl:basis-1/4">
              <SimilarCard c={c} />
            </li>
          ))}
        </ul>
        {!loading && items.length === 0 ? <p className="py-6 text-center text-sm text-muted-foreground">Nu există elemente!</p> : null}
      </div>
    </section>
  );
}
