'use client';

// Company picker: a search box over the suggestion endpoint (top=10), results as a list the caller
// renders with a checkbox or a button each.
import * as React from 'react';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiCall } from '@/lib/api/client';

export type PickedCompany = { Cui: number; Name: string };

function useCompanySearch(text: string) {
  const [results, setResults] = React.useState<PickedCompany[] | null>(null);
  const [loading, setLoading] = React.useState(false);
  React.useEffect(() => {
    const query = text.trim();
    if (query.length < 2) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      apiCall('GET /api/Company/getTop5Companies', { query: { searchText: query, top: DRAFT_LIMITS.pickerTop }, background: true, signal: controller.signal })
        .then((r) => setResults(r.map((c) => ({ Cui: c.Cui, Name: c.Name }))))
        .catch(() => {
          if (!controller.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [text]);
  // A query too short to search shows nothing (older results are not kept on screen).
  const active = text.trim().length >= 2;
  return { results: active ? results : null, loading: active && loading };
}

export function CompanySearch({
  id,
  label,
  renderResult,
}: {
  id: string;
  label: string;
  renderResult: (company: PickedCompany) => React.ReactNode;
}) {
  const [text, setText] = React.useState('');
  const { results, loading } = useCompanySearch(text);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Nume firmă sau CUI" autoComplete="off" />
      <div aria-live="polite" className="min-h-6">
        {loading ? <Spinner size="sm" label="Se caută…" /> : null}
        {!loading && results && results.length === 0 ? <p className="text-sm text-muted-foreground">Nu există elemente!</p> : null}
        {!loading && results && results.length > 0 ? (
          <ul className="flex max-h-72 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border" aria-label="Firme găsite">
            {results.map((c) => (
              <li key={c.Cui} className="px-3 py-2">
                {renderResult(c)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
