'use client';

// The signed-in user's saved searches (docs/decisions/056): open (what matches now becomes what
// was seen), rename, delete. Each shows how many companies match now and how many are new.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { formatResultCount } from '@/lib/search-count';
import { prospectingApi } from '@/lib/prospecting/client';
import type { SavedSearchItem } from '@/lib/prospecting/types';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { buildSearchUrl } from '@/components/search/search-url';
import { SavedSearchNameDialog } from './save-search-dialog';
import { formatNumber } from '@/lib/format';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function SavedSearchesList() {
  const router = useRouter();
  const [items, setItems] = React.useState<SavedSearchItem[] | null>(null);
  const [renaming, setRenaming] = React.useState<SavedSearchItem | null>(null);
  const [deleting, setDeleting] = React.useState<SavedSearchItem | null>(null);
  const load = React.useCallback(() => {
    prospectingApi.listSavedSearches().then(setItems, (e) => {
      setItems([]);
      showErrorToast(serverMessage(e) ?? undefined);
    });
  }, []);
  React.useEffect(load, [load]);

  const open = async (s: SavedSearchItem) => {
    try {
      const { Filter } = await prospectingApi.openSavedSearch(s.Id);
      router.push(buildSearchUrl(Filter));
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };

  if (items === null) return <Spinner label="Se încarcă căutările salvate" />;
  if (items.length === 0) return <EmptyState title="Nu aveți căutări salvate." description="În Căutare avansată, alegeți filtrele și apăsați „Salvează căutarea”." />;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Căutările salvate">
        {items.map((s) => (
          <li key={s.Id} className="flex flex-wrap items-center gap-3 rounded-lg border bg-background p-4 shadow-sm">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 className="text-base font-semibold break-words">{s.Name}</h2>
              <p className="text-sm text-muted-foreground">
                {formatResultCount(s.MatchCount, s.IsCountCapped)} · <strong className="text-foreground">{formatNumber(s.NewCount)} noi</strong> de la{' '}
                {dateText(s.LastOpenedAt)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void open(s)}>
                <ExternalLink aria-hidden="true" />
                Deschide<span className="sr-only"> {s.Name}</span>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setRenaming(s)}>
                <Pencil aria-hidden="true" />
                Redenumește<span className="sr-only"> {s.Name}</span>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeleting(s)}>
                <Trash2 aria-hidden="true" />
                Șterge<span className="sr-only"> {s.Name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <SavedSearchNameDialog
        open={renaming !== null}
        onOpenChange={(o) => !o && setRenaming(null)}
        title="Redenumește căutarea"
        description="Numele sub care apare căutarea în listă."
        initialName={renaming?.Name ?? ''}
        successText="Căutarea a fost redenumită."
        save={async (name) => {
          await prospectingApi.renameSavedSearch(renaming!.Id, name);
          load();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        description={`Sigur doriți să ștergeți căutarea „${deleting?.Name ?? ''}”?`}
        confirmText="Șterge"
        onConfirm={async () => {
          await prospectingApi.deleteSavedSearch(deleting!.Id);
          showSuccessToast('Căutarea a fost ștearsă.');
          load();
        }}
      />
    </>
  );
}
