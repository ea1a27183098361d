// "Istoric modificări" on the company page: what the imports found changed, newest first, each
// with its source and the date of the data (server-rendered with the page).
import { formatDate } from '@/lib/format';
import { SOURCE_LABELS, describeChange } from '@/lib/watch/kinds';
import type { CompanyChangeItem } from '@/lib/watch/types';
import type { Paged } from '@/lib/shared/paged';

export function ChangeHistory({ changes }: { changes: Paged<CompanyChangeItem> }) {
  return (
    <section aria-labelledby="change-history-title" className="flex flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm" data-testid="change-history">
      <h2 id="change-history-title" className="text-base font-semibold">
        Istoric modificări
      </h2>
      {changes.Items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nicio modificare înregistrată încă la importurile de date oficiale.</p>
      ) : (
        <ol className="flex flex-col divide-y">
          {changes.Items.map((c) => (
            <li key={c.Id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="text-sm break-words">{describeChange(c)}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {SOURCE_LABELS[c.Source] ?? c.Source}, {formatDate(c.DataDate)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {changes.Count > changes.Items.length ? (
        <p className="text-xs text-muted-foreground">Ultimele {changes.Items.length} din {changes.Count} modificări.</p>
      ) : null}
    </section>
  );
}
