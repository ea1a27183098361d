'use client';

import * as React from 'react';
import { ChevronRight } from 'lucide-react';
import { SearchField } from '@/components/ui/search-field';
import { normalizeSearchText } from '@/lib/text';
import { caenPath } from '@/lib/slug';
import { cn } from '@/lib/utils';
import type { CaenNode } from '../../lib/caen/types';
import { containsStems, stem, words } from '../../lib/caen/search';

const LEVEL_LABEL: Record<CaenNode['Level'], string> = { section: 'Secțiunea', division: 'Diviziunea', group: 'Grupa', class: 'Clasa' };

type Indexed = Omit<CaenNode, 'Children'> & { norm: string; Children: Indexed[] };

function indexTree(nodes: CaenNode[]): Indexed[] {
  return nodes.map((n) => ({ ...n, norm: normalizeSearchText(`${n.Code} ${n.Name} ${(n.Rev3 ?? []).map((r) => r.Code).join(' ')}`), Children: indexTree(n.Children) }));
}

/**
 * Search by code or words, diacritics-insensitive: a node matches when its code starts with the
 * typed digits (or letter, for a section) or when every word is found in its code, name or Rev.3
 * codes. Matches show with their ancestors opened; a matching branch shows all it contains.
 */
export function matchCaen(node: { Code: string; norm: string }, query: string): boolean {
  const q = normalizeSearchText(query);
  if (!q) return true;
  const compact = q.replace(/[.\s]/g, '');
  if (/^\d{1,4}$/.test(compact)) return node.Code.startsWith(compact);
  if (/^[a-u]$/.test(q)) return node.Code.toLowerCase() === q;
  return containsStems(node.norm, words(q).map(stem));
}

type Visible = { node: Indexed; open: boolean; children: Visible[] };

function filterTree(nodes: Indexed[], query: string): Visible[] {
  const out: Visible[] = [];
  for (const n of nodes) {
    if (matchCaen(n, query)) {
      out.push({ node: n, open: false, children: n.Children.map((c) => ({ node: c, open: false, children: filterTree(c.Children, '') })) });
      continue;
    }
    const kids = filterTree(n.Children, query);
    if (kids.length) out.push({ node: n, open: true, children: kids });
  }
  return out;
}

function countClasses(v: Visible[]): number {
  return v.reduce((s, x) => s + (x.node.Level === 'class' ? 1 : countClasses(x.children)), 0);
}

function Rev3({ node }: { node: Pick<CaenNode, 'Code' | 'Rev3'> }) {
  const list = node.Rev3 ?? [];
  if (list.length === 0) return null;
  if (list.length === 1)
    return (
      <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground" title={`CAEN Rev.3 ${list[0].Code}: ${list[0].Name}`}>
        Rev.3: <span className="font-semibold text-foreground">{list[0].Code}</span>
      </span>
    );
  return (
    <ul className="mt-1 flex flex-col gap-0.5 pl-4 text-xs text-muted-foreground" aria-label={`Corespondență CAEN Rev.3 pentru ${node.Code}`}>
      {list.map((r) => (
        <li key={r.Code}>
          Rev.3 <span className="font-semibold text-foreground">{r.Code}</span> – {r.Name}
        </li>
      ))}
    </ul>
  );
}

const noChange = () => () => {};
/** False on the server and while the page hydrates, true after (and on a client navigation). */
function useHydrated(): boolean {
  return React.useSyncExternalStore(noChange, () => true, () => false);
}

/**
 * `lazy`: a closed section's contents are left out of the live page until it is opened (decision
 * 112). The server HTML and the first render still hold every code (search engines, a browser
 * without JavaScript, the native disclosures); after hydration the page keeps about 350 elements
 * instead of 8,800, so the browser styles, lays out and checks a 25th of it.
 */
function Branch({ v, depth, lazy }: { v: Visible; depth: number; lazy: boolean }) {
  const [opened, setOpened] = React.useState(v.open);
  // A section opened before hydration (the native disclosure works without React) keeps its rows.
  const details = React.useRef<HTMLDetailsElement>(null);
  React.useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  const n = v.node;
  if (n.Level === 'class') {
    const single = (n.Rev3 ?? []).length <= 1;
    return (
      <li className="border-b last:border-0">
        <div className={cn('flex gap-2 py-2', single ? 'items-center' : 'flex-col')}>
          {/* A plain link, not next/link: 615 Link components (each with its prefetch observer) cost
              about 200 ms of main thread when the catalogue hydrates (Lighthouse mobile TBT 480 →
              240–310 ms). A class page is server-rendered; a full load is as fast. */}
          <a href={caenPath(n.Code)} className="group inline-flex min-w-0 flex-1 items-baseline gap-2 rounded-sm text-sm hover:text-primary">
            <span className="shrink-0 font-mono font-semibold text-primary">{n.Code}</span>
            <span className="group-hover:underline">{n.Name}</span>
          </a>
          <Rev3 node={n} />
        </div>
      </li>
    );
  }
  return (
    <li className={cn(depth === 0 ? 'rounded-lg border bg-background' : 'border-b last:border-0')}>
      <details ref={details} open={v.open} className="group/d" onToggle={(e) => setOpened(e.currentTarget.open)}>
        <summary className={cn('flex cursor-pointer list-none items-start gap-2 py-3 text-sm [&::-webkit-details-marker]:hidden', depth === 0 ? 'px-4 font-semibold' : 'font-medium')}>
          <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-open/d:rotate-90" aria-hidden="true" />
          <span className="sr-only">{LEVEL_LABEL[n.Level]} </span>
          <span className="shrink-0 font-mono text-primary">{n.Code}</span>
          <span>{n.Name}</span>
        </summary>
        {lazy && !opened ? null : (
          <ul className={cn('flex flex-col pb-2', depth === 0 ? 'px-4 pl-10' : 'pl-6')}>
            {v.children.map((c) => (
              <Branch key={c.node.Code} v={c} depth={depth + 1} lazy={lazy} />
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

/** Section › Division › Group › Class, with search; native disclosures, so it works without JavaScript. */
export function CaenCatalogue({ tree }: { tree: CaenNode[] }) {
  const indexed = React.useMemo(() => indexTree(tree), [tree]);
  const [query, setQuery] = React.useState('');
  const deferred = React.useDeferredValue(query);
  const visible = React.useMemo(() => filterTree(indexed, deferred), [indexed, deferred]);
  const classes = countClasses(visible);
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="flex max-w-2xl">
        <SearchField id="caen-search" label="Caută un cod CAEN după cod sau cuvinte" value={query} onValueChange={setQuery} placeholder="0112 Cultivarea orezului" />
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="caen-count">
        {deferred ? `${classes} ${classes === 1 ? 'clasă găsită' : 'clase găsite'}` : `${classes} clase CAEN în ${visible.length} secțiuni`}
      </p>
      {visible.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center font-semibold">Nu există elemente!</p>
      ) : (
        <ul className="flex flex-col gap-2" key={deferred} data-testid="caen-tree">
          {visible.map((v) => (
            <Branch key={v.node.Code} v={v} depth={0} lazy={hydrated} />
          ))}
        </ul>
      )}
    </div>
  );
}
