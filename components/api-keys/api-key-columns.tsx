'use client';

// The columns both key tables share (the owner's and the Admin's): name, prefix, scopes, browser
// origins, created, last used, requests today, state.
import type { ColumnDef } from '@tanstack/react-table';
import { API_KEY_SCOPE_LABELS, type ApiKeyItem } from '@/lib/api-keys/schemas';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';

export function apiKeyColumns<T extends ApiKeyItem>(): ColumnDef<T>[] {
  return [
    { id: 'name', header: 'Nume', cell: ({ row }) => <span className="font-medium break-words">{row.original.Name}</span>, meta: { card: 'title' } },
    { id: 'prefix', header: 'Prefix', cell: ({ row }) => <code className="rounded bg-muted px-1.5 py-0.5 text-xs whitespace-nowrap">{row.original.Prefix}…</code>, meta: { card: 'subtitle' } },
    { id: 'scopes', header: 'Drepturi', cell: ({ row }) => row.original.Scopes.map((s) => API_KEY_SCOPE_LABELS[s] ?? s).join(', ') },
    {
      id: 'origins',
      header: 'Origini',
      cell: ({ row }) => (
        <span className="break-all" data-testid="api-key-origins">
          {row.original.AllowedOrigins.length ? row.original.AllowedOrigins.join(', ') : 'Niciuna'}
        </span>
      ),
    },
    { id: 'created', header: 'Creată', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.CreatedAt)}</span>, meta: { card: 'detail' } },
    { id: 'used', header: 'Folosită ultima dată', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.LastUsedAt ? formatDateTime(row.original.LastUsedAt) : 'Niciodată'}</span>, meta: { card: 'detail' } },
    { id: 'today', header: 'Cereri azi', cell: ({ row }) => <span data-testid="api-key-today">{row.original.RequestsToday}</span> },
    {
      id: 'state',
      header: 'Stare',
      cell: ({ row }) => (row.original.RevokedAt ? <Badge variant="destructive">Revocată</Badge> : <Badge variant="success">Activă</Badge>),
    },
  ];
}
