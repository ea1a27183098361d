'use client';

// The signed-in user's actions on a search (issue 27): export the results, add the ticked cards or
// every result to a group (the count shown before confirming), save the filters under a name.
import * as React from 'react';
import { BookmarkPlus, FolderPlus, ListPlus } from 'lucide-react';
import type { SearchFilter } from '@/lib/filters';
import { groupsApi } from '@/lib/groups/client';
import { prospectingApi } from '@/lib/prospecting/client';
import { Button } from '@/components/ui/button';
import { AddToGroupDialog } from './add-to-group-dialog';
import { ExportMenu } from './export-menu';
import { SavedSearchNameDialog } from './save-search-dialog';
import { pluralRo } from '@/lib/search-count';

const companies = (n: number) => (n === 1 ? 'o companie' : pluralRo(n, 'companie', 'companii'));

export type SearchActionsProps = {
  filter: SearchFilter;
  count: number;
  /** The count stopped at the search's cap (PostgreSQL-only search): "more than" it. */
  capped: boolean;
  bulkAddMax: number;
  selected: number[];
  onClearSelection: () => void;
};

export function SearchActions({ filter, count, capped, bulkAddMax, selected, onClearSelection }: SearchActionsProps) {
  const [dialog, setDialog] = React.useState<'all' | 'selected' | 'save' | null>(null);
  const toAdd = Math.min(count, bulkAddMax);
  const allText =
    count > bulkAddMax || capped
      ? `Căutarea are ${capped ? 'peste ' : ''}${companies(count)}; se vor adăuga primele ${companies(toAdd)}, în ordinea rezultatelor.`
      : `Se vor adăuga ${companies(toAdd)}. Cele aflate deja în grup nu se dublează.`;
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Acțiuni pe rezultate" role="group">
      <ExportMenu size="sm" label="Exportă rezultatele" crmOption onExport={(format, o) => prospectingApi.exportSearch(filter, format, o)} />
      <Button variant="outline" size="sm" disabled={count === 0} onClick={() => setDialog('all')}>
        <FolderPlus aria-hidden="true" />
        Adaugă toate rezultatele în grup
      </Button>
      {selected.length > 0 ? (
        <Button variant="outline" size="sm" onClick={() => setDialog('selected')}>
          <ListPlus aria-hidden="true" />
          Adaugă selecția în grup ({selected.length})
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => setDialog('save')}>
        <BookmarkPlus aria-hidden="true" />
        Salvează căutarea
      </Button>
      <AddToGroupDialog
        open={dialog === 'all'}
        onOpenChange={close}
        title="Adaugă toate rezultatele în grup"
        description={allText}
        add={(groupId) => prospectingApi.addSearchToGroup(groupId, filter)}
      />
      <AddToGroupDialog
        open={dialog === 'selected'}
        onOpenChange={close}
        title="Adaugă selecția în grup"
        description={`Se vor adăuga ${companies(selected.length)} bifate.`}
        add={async (groupId) => {
          const r = await groupsApi.addComapaniesToGroup(groupId, selected);
          return { Added: r.Added, AlreadyInGroup: selected.length - r.Added, Total: selected.length, Capped: false };
        }}
        onAdded={onClearSelection}
        crmCuis={selected}
      />
      <SavedSearchNameDialog
        open={dialog === 'save'}
        onOpenChange={close}
        title="Salvează căutarea"
        description="Căutarea salvată apare în pagina Căutări salvate, cu numărul de firme noi de la ultima deschidere."
        successText="Căutarea a fost salvată."
        save={(name) => prospectingApi.addSavedSearch(name, filter)}
      />
    </div>
  );
}
