'use client';

// The group page's prospecting actions (issue 27): export its companies or their contacts, and
// (with edit access) add a list of CUIs.
import * as React from 'react';
import { ListPlus } from 'lucide-react';
import { prospectingApi } from '@/lib/prospecting/client';
import { Button } from '@/components/ui/button';
import { CuiListDialog } from './cui-list-dialog';
import { ExportMenu } from './export-menu';

export function GroupProspectingActions({ group, onAdded }: { group: { Id: number; Name: string; AccessToEdit: boolean }; onAdded: () => void }) {
  const [listOpen, setListOpen] = React.useState(false);
  return (
    <>
      <ExportMenu label="exportă firmele" crmOption onExport={(format, o) => prospectingApi.exportGroup(group.Id, format, o)} />
      <ExportMenu label="exportă contactele" onExport={(format) => prospectingApi.exportContacts(group.Id, format)} />
      {group.AccessToEdit ? (
        <Button variant="outline" onClick={() => setListOpen(true)}>
          <ListPlus aria-hidden="true" />
          adaugă listă de CUI-uri
        </Button>
      ) : null}
      <CuiListDialog group={listOpen ? group : null} onOpenChange={setListOpen} onAdded={onAdded} />
    </>
  );
}
