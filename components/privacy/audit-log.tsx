'use client';

// The Admin's audit trail (Jurnal de audit): newest first, filtered by action, target and days.
// Read-only: the trail cannot be changed (docs/decisions/060).
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction } from '@/lib/privacy/audit';
import type { AuditEntryDto } from '@/lib/privacy/types';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FilterSelect } from '@/components/users/user-filters';
import { PagedTable, usePagedData } from './paged-table';

type Filter = { action: string; targetType: string; targetId: string; from: string; to: string };
const NO_FILTER: Filter = { action: 'all', targetType: 'all', targetId: '', from: '', to: '' };
const TARGETS = [
  { value: 'all', label: 'Toate' },
  { value: 'user', label: 'Utilizator' },
  { value: 'claim', label: 'Pretindere' },
  { value: 'takedown', label: 'Date personale' },
  { value: 'contact', label: 'Contact' },
  { value: 'apikey', label: 'Cheie API' },
];

/** A before/after value as short text: `Câmp: valoare` pairs. */
function describeValue(v: unknown): string {
  if (v == null) return '-';
  if (typeof v !== 'object') return String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${x === null ? '-' : typeof x === 'boolean' ? (x ? 'da' : 'nu') : String(x)}`)
    .join(', ');
}

const actionText = (e: AuditEntryDto) => AUDIT_ACTIONS[e.Action as AuditAction] ?? e.Action;

const columns: ColumnDef<AuditEntryDto>[] = [
  { id: 'when', header: 'Data', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.CreatedAt)}</span>, meta: { card: 'subtitle' } },
  { id: 'who', header: 'Administrator', cell: ({ row }) => row.original.ActorName ?? (row.original.ActorId ? `#${row.original.ActorId}` : '-') },
  { id: 'action', header: 'Acțiune', cell: ({ row }) => actionText(row.original), meta: { card: 'title' } },
  { id: 'target', header: 'Obiect', cell: ({ row }) => `${TARGETS.find((t) => t.value === row.original.TargetType)?.label ?? row.original.TargetType} #${row.original.TargetId ?? '-'}` },
  { id: 'before', header: 'Valoare anterioară', cell: ({ row }) => <span className="break-words">{describeValue(row.original.Before)}</span>, meta: { card: 'detail' } },
  { id: 'after', header: 'Valoare nouă', cell: ({ row }) => <span className="break-words">{describeValue(row.original.After)}</span>, meta: { card: 'detail' } },
];

export function AuditLog() {
  const [draft, setDraft] = React.useState<Filter>(NO_FILTER);
  const [applied, setApplied] = React.useState<Filter>(NO_FILTER);
  const [page, setPage] = React.useState(1);

  const q: Record<string, string | number> = { pageNumber: page, pageSize: AUDIT_PAGE_SIZE };
  if (applied.action !== 'all') q.action = applied.action;
  if (applied.targetType !== 'all') q.targetType = applied.targetType;
  if (applied.targetId) q.targetId = applied.targetId;
  if (applied.from) q.from = applied.from;
  if (applied.to) q.to = applied.to;
  const data = usePagedData('GET /api/Audit/getEntries', q);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.Id });
  const set = (k: keyof Filter) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Filtre jurnal"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(draft);
          setPage(1);
        }}
      >
        <FilterSelect id="audit-action" label="Acțiune" value={draft.action} onChange={set('action')} options={[{ value: 'all', label: 'Toate' }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))]} />
        <FilterSelect id="audit-target" label="Obiect" value={draft.targetType} onChange={set('targetType')} options={TARGETS} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-target-id">Id obiect</Label>
          <Input id="audit-target-id" inputMode="numeric" value={draft.targetId} onChange={(e) => set('targetId')(e.target.value.trim())} maxLength={40} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">De la</Label>
          <Input id="audit-from" type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">Până la</Label>
          <Input id="audit-to" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Caută</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(NO_FILTER);
              setApplied(NO_FILTER);
              setPage(1);
            }}
          >
            Resetează
          </Button>
        </div>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="audit-count">
        {data ? `Rezultate: ${data.Count}` : 'Se încarcă…'}
      </p>
      <PagedTable table={table} data={data} page={page} onPage={setPage} rowTestId="audit-row" scrollLabel="Intrările jurnalului" cards={{ label: 'Intrările jurnalului', rowName: actionText }} />
    </div>
  );
}
