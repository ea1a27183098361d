'use client';

// "Exportă": the list as an Excel file (XLSX) or CSV. The download waits for the server, which
// answers 429 with the reason when the daily export limits are spent.
import * as React from 'react';
import { Download } from 'lucide-react';
import type { ExportFormat } from '@/lib/export/schemas';
import { prospectingApi } from '@/lib/prospecting/client';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { showErrorToast } from '@/components/layout/toaster';

export function ExportMenu({ onExport, label = 'Exportă', size }: { onExport: (format: ExportFormat) => Promise<void>; label?: string; size?: 'sm' | 'default' }) {
  const [busy, setBusy] = React.useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await onExport(format);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? 'Exportul nu a reușit. Încercați din nou.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size} disabled={busy} aria-busy={busy}>
          <Download aria-hidden="true" />
          {busy ? 'Se exportă…' : label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void run('xlsx')}>Excel (XLSX)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run('csv')}>CSV (separat prin ;)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The per-recipient results of a sent campaign as a file (the expanded row of a sending). */
export function SendingExport({ groupedMailId }: { groupedMailId: number }) {
  return (
    <div className="flex justify-end pb-2">
      <ExportMenu size="sm" label="Exportă rezultatele" onExport={(format) => prospectingApi.exportSending(groupedMailId, format)} />
    </div>
  );
}
