'use client';

// "Exportă": the list as an Excel file (XLSX) or CSV. The download waits for the server, which
// answers 429 with the reason when the daily export limits are spent.
import * as React from 'react';
import { Download } from 'lucide-react';
import type { ExportFormat } from '@/lib/export/schemas';
import { prospectingApi } from '@/lib/prospecting/client';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { showErrorToast } from '@/components/layout/toaster';
import { crmApi } from '@/lib/crm/client';

export type ExportOptions = { excludeInCrm: boolean };

/**
 * `crmOption`: the list is of companies, so a user with a CRM connected may leave out those
 * already in it (decision 109; the server applies it). Off by default: an export is a copy of the
 * list the user sees.
 */
export function ExportMenu({
  onExport,
  label = 'Exportă',
  size,
  crmOption = false,
}: {
  onExport: (format: ExportFormat, options: ExportOptions) => Promise<void>;
  label?: string;
  size?: 'sm' | 'default';
  crmOption?: boolean;
}) {
  const [busy, setBusy] = React.useState(false);
  const [hasCrm, setHasCrm] = React.useState(false);
  const [excludeInCrm, setExcludeInCrm] = React.useState(false);
  const askCrm = (open: boolean) => {
    if (!open || !crmOption || hasCrm) return;
    crmApi.connections(true).then(
      (list) => setHasCrm(list.length > 0),
      () => undefined,
    );
  };
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await onExport(format, { excludeInCrm: hasCrm && excludeInCrm });
    } catch (e) {
      showErrorToast(serverMessage(e) ?? 'Exportul nu a reușit. Încercați din nou.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu onOpenChange={askCrm}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size} disabled={busy} aria-busy={busy}>
          <Download aria-hidden="true" />
          {busy ? 'Se exportă…' : label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void run('xlsx')}>Excel (XLSX)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run('csv')}>CSV (separat prin ;)</DropdownMenuItem>
        {hasCrm ? (
          <>
            <DropdownMenuSeparator />
            {/* Kept open on toggle: the user picks the option, then the format. */}
            <DropdownMenuCheckboxItem checked={excludeInCrm} onCheckedChange={(v) => setExcludeInCrm(v === true)} onSelect={(e) => e.preventDefault()}>
              Fără firmele deja în CRM
            </DropdownMenuCheckboxItem>
          </>
        ) : null}
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
