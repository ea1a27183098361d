'use client';

// The Admin's queue of takedown requests (Cereri de date personale), like the claims review:
// confirmed requests wait here, oldest first; accepting hides the person at once.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Check, X } from 'lucide-react';
import { TAKEDOWNS_PAGE_SIZE, TAKEDOWN_STATUS_TEXT, TAKEDOWN_TEXTS, type TakedownStatus } from '@/lib/privacy/takedown';
import type { TakedownDto } from '@/lib/privacy/types';
import { ApiError, apiCall } from '@/lib/api/client';
import { formatDate } from '@/lib/format';
import { FAILED_TEXT } from '@/lib/text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showErrorToast, toast } from '@/components/layout/toaster';
import { PagedTable, usePagedData } from './paged-table';
import { CompanyTabLink } from '@/components/shared/company-tab-link';

const FILTERS: TakedownStatus[] = ['Pending', 'Accepted', 'Rejected', 'Unconfirmed'];
const TABLE_TEXT = { Contact: 'Contact', Representative: 'Reprezentant' } as const;

/**
 * The rows of the request's company that the request matches: what accepting hides (or hid), so
 * the Admin sees before deciding which people disappear from the page.
 */
function MatchedRows({ rows }: { rows: TakedownDto['MatchedRows'] }) {
  if (!rows.length) return <span className="text-muted-foreground">Niciun rând</span>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="takedown-matched">
      {rows.map((m) => (
        <li key={`${m.Table}-${m.Id}`} className="break-words">
          <span className="font-medium">{TABLE_TEXT[m.Table]}</span> #{m.Id}: {dash(m.Name)}
          {m.Role ? ` (${m.Role})` : ''} · {dash(m.Email)} · {dash(m.Phone)}
          {m.IsHidden ? <span className="text-muted-foreground"> · ascuns</span> : null}
        </li>
      ))}
    </ul>
  );
}
const dash = (v: string | null) => (v && v.trim() ? v : '-');

export function TakedownQueue() {
  const [status, setStatus] = React.useState<TakedownStatus>('Pending');
  const [page, setPage] = React.useState(1);
  const [version, setVersion] = React.useState(0);
  const [asked, setAsked] = React.useState<{ row: TakedownDto; accept: boolean } | null>(null);

  const data = usePagedData('GET /api/Privacy/getTakedownRequests', { status, pageNumber: page, pageSize: TAKEDOWNS_PAGE_SIZE }, version);

  const decide = async (row: TakedownDto, accept: boolean) => {
    try {
      await apiCall('POST /api/Privacy/decideTakedown', { body: { Id: row.Id, Accept: accept }, background: true });
      toast.success(TAKEDOWN_TEXTS.decided);
      setPage(1);
      setVersion((v) => v + 1);
    } catch (e) {
      showErrorToast(e instanceof ApiError && e.body?.Message ? e.body.Message : FAILED_TEXT);
    }
  };

  const columns: ColumnDef<TakedownDto>[] = [
    { id: 'person', header: 'Persoana', cell: ({ row }) => <span className="break-words">{row.original.PersonName}</span>, meta: { card: 'title' } },
    {
      id: 'data',
      header: 'E-mail / telefon',
      cell: ({ row }) => (
        <span className="break-all">
          {dash(row.original.PersonEmail)} · {dash(row.original.PersonPhone)}
        </span>
      ),
    },
    {
      id: 'company',
      header: 'Companie',
      cell: ({ row }) => (
        <CompanyTabLink cui={row.original.CompanyCUI} name={row.original.CompanyName ?? String(row.original.CompanyCUI)} className="text-primary hover:underline">
          {row.original.CompanyName ?? '-'} (CUI {row.original.CompanyCUI})
        </CompanyTabLink>
      ),
      meta: { card: 'subtitle' },
    },
    {
      id: 'matched',
      header: 'Rânduri potrivite',
      cell: ({ row }) => <MatchedRows rows={row.original.MatchedRows} />,
      meta: { card: 'detail' },
    },
    { id: 'requester', header: 'Solicitant', cell: ({ row }) => <span className="break-all">{row.original.RequesterEmail}</span> },
    { id: 'reason', header: 'Motiv', cell: ({ row }) => <span className="break-words">{dash(row.original.Reason)}</span>, meta: { card: 'detail' } },
    { id: 'date', header: 'Data cererii', cell: ({ row }) => formatDate(row.original.CreatedDate) },
    {
      id: 'actions',
      header: 'Acțiuni',
      // On a card the two answers of a pending request stay in sight, and a settled one shows its state.
      meta: { card: 'line', cardLabel: 'Stare' },
      cell: ({ row }) =>
        row.original.Status === 'Pending' ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" onClick={() => setAsked({ row: row.original, accept: true })}>
              <Check aria-hidden="true" />
              Acceptă
            </Button>
            <Button size="sm" variant="destructive" onClick={() => setAsked({ row: row.original, accept: false })}>
              <X aria-hidden="true" />
              Respinge
            </Button>
          </div>
        ) : (
          TAKEDOWN_STATUS_TEXT[row.original.Status]
        ),
    },
  ];
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        {FILTERS.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={status === s ? 'default' : 'outline'}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {TAKEDOWN_STATUS_TEXT[s]}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="takedown-count">
        {data ? `Rezultate: ${data.Count}` : 'Se încarcă…'}
      </p>
      <PagedTable table={table} data={data} page={page} onPage={setPage} rowTestId="takedown-row" cards={{ label: 'Cereri de ștergere', rowName: (r) => r.PersonName }} />
      <ConfirmDialog
        open={asked != null}
        onOpenChange={(o) => !o && setAsked(null)}
        title={asked?.accept ? 'Accepți cererea?' : 'Respingi cererea?'}
        description={
          asked?.accept
            ? `Numele, e-mailul și telefonul persoanei „${asked.row.PersonName}” nu vor mai apărea pe paginile publice ale companiei ${asked.row.CompanyName ?? asked.row.CompanyCUI}, nici după importurile următoare. Rânduri ascunse acum: ${asked.row.MatchedRows.filter((m) => !m.IsHidden).length}; celelalte companii nu sunt atinse.`
            : 'Solicitantul primește decizia prin e-mail.'
        }
        confirmText={asked?.accept ? 'Acceptă' : 'Respinge'}
        destructive={!asked?.accept}
        onConfirm={() => (asked ? decide(asked.row, asked.accept) : undefined)}
      />
    </div>
  );
}
