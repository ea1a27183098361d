'use client';

// Results at a glance (issue 28): one sending's counts and rates (refreshed every few seconds while
// messages are still queued), clicks per link, opens and clicks over time, and the same rates for
// every sending of its template. Machine opens and clicks are not counted (decision 021).
import * as React from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { campaignsApi } from '@/lib/sending/client';
import { formatRate, resultRows } from '@/lib/sending/results';
import type { SendingResults, TemplateResults } from '@/lib/sending/types';
import { DataTableCells } from '@/components/ui/data-table-body';
import { DataTableCards, ResponsiveList } from '@/components/ui/data-table-cards';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLoad } from '@/components/users/use-load';
import { ScheduleControls } from './schedule-controls';
import { FollowUpControls } from './follow-up-controls';
import { ExportMenu } from '@/components/prospecting/export-menu';
import { prospectingApi } from '@/lib/prospecting/client';

const POLL_MS = 5000;

type LinkRow = SendingResults['Links'][number];
type SendingRow = TemplateResults['Sendings'][number];

function SimpleTable<T>({ rows, columns, label, testId, rowName }: { rows: T[]; columns: ColumnDef<T>[]; label: string; testId: string; rowName: (row: T) => string }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <ResponsiveList cards={<DataTableCards table={table} label={label} rowName={rowName} testId={`${testId}-cards`} rowTestId={`${testId}-card`} />}>
    <Table aria-label={label} data-testid={testId}>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.id}>{typeof c.header === 'string' ? c.header : c.id}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            <DataTableCells row={row} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
    </ResponsiveList>
  );
}

const LINK_COLUMNS: ColumnDef<LinkRow>[] = [
  { id: 'Url', header: 'Link', cell: ({ row }) => <span className="break-all">{row.original.Url}</span>, meta: { card: 'title' } },
  { id: 'Clicks', header: 'Click-uri', cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.Clicks)}</span> },
  { id: 'Recipients', header: 'Destinatari', cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.Recipients)}</span> },
];

const SENDING_COLUMNS: ColumnDef<SendingRow>[] = [
  { id: 'SendOn', header: 'Data trimiterii', cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.SendOn)}</span>, meta: { card: 'subtitle' } },
  { id: 'Name', header: 'Subiect', cell: ({ row }) => row.original.Name, meta: { card: 'title' } },
  { id: 'Sent', header: 'Trimise', cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.Counts.Sent)}</span> },
  { id: 'Opened', header: 'Deschise', cell: ({ row }) => formatRate(row.original.Rates.Opened) },
  { id: 'Clicked', header: 'Click', cell: ({ row }) => formatRate(row.original.Rates.Clicked) },
  { id: 'Bounced', header: 'Respinse', cell: ({ row }) => formatRate(row.original.Rates.Bounced) },
  { id: 'Unsubscribed', header: 'Dezabonați', cell: ({ row }) => formatRate(row.original.Rates.Unsubscribed) },
];

function CountsList({ data }: { data: Pick<SendingResults, 'Counts' | 'Rates'> }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="results-counts">
      {resultRows(data.Counts, data.Rates).map((r) => (
        <div key={r.key} className="rounded-lg border bg-background p-3" data-testid={`result-${r.key}`}>
          <dt className="text-sm text-muted-foreground">{r.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {r.count}
            {r.rate !== null ? <span className="ml-2 text-base font-normal text-muted-foreground">{r.rate}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ points }: { points: SendingResults['Timeline'] }) {
  if (!points.length) return <p className="text-sm text-muted-foreground">Încă nu există deschideri sau click-uri.</p>;
  const data = points.map((p) => ({ ...p, Label: formatDateTime(p.At) }));
  return (
    <figure className="m-0" aria-label="Grafic: deschideri și click-uri pe ore">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data} margin={{ top: 10, right: 12, left: 4, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="Label" tick={{ fontSize: 12, fill: '#475569' }} />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="Opened" name="Deschideri" stroke="#3641b8" strokeWidth={2} isAnimationActive={false} />
          <Line type="monotone" dataKey="Clicked" name="Click-uri" stroke="#16a34a" strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function SendingResultsView({ groupedMailId }: { groupedMailId: number }) {
  const [tick, setTick] = React.useState(0);
  const { data, loading } = useLoad<SendingResults>(`${groupedMailId}:${tick}`, () => campaignsApi.sendingResults(groupedMailId));
  const missing = !loading && !data;

  // Live while it runs: poll until nothing is queued any more.
  const running = data?.IsRunning ?? false;
  React.useEffect(() => {
    if (!running) return;
    const t = window.setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => window.clearTimeout(t);
  }, [running, tick]);

  const templateId = data?.TemplateId ?? null;
  const template = useLoad<TemplateResults | null>(`template:${templateId}`, () => (templateId ? campaignsApi.templateResults(templateId) : Promise.resolve(null))).data;

  if (missing) return <EmptyState title="Trimiterea nu a fost găsită." />;
  if (!data) return <Skeleton className="h-64 w-full" />;
  return (
    <div className="flex flex-col gap-6" data-testid="sending-results">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold">{data.Name}</h2>
        <p className="text-sm text-muted-foreground">
          {data.ScheduledFor ? `Programată pentru ${formatDateTime(data.ScheduledFor)}` : `Trimisă la ${formatDateTime(data.SendOn)}`}
          {data.TemplateName ? ` · Template: ${data.TemplateName}` : ''}
        </p>
        <p className="text-sm" aria-live="polite" data-testid="results-state">
          {data.IsRunning ? 'Trimiterea este în desfășurare; cifrele se actualizează automat.' : 'Trimiterea s-a încheiat.'}
        </p>
      </div>
      {data.CanChangeSchedule && data.ScheduledFor ? (
        <ScheduleControls groupedMailId={data.GroupedMailId} scheduledFor={data.ScheduledFor} onChanged={() => setTick((n) => n + 1)} />
      ) : null}
      {data.IsAuthor ? <FollowUpControls groupedMailId={data.GroupedMailId} followUp={data.FollowUp} onChanged={() => setTick((n) => n + 1)} /> : null}
      <div className="flex justify-end">
        <ExportMenu size="sm" label="Exportă rezultatele pe destinatari" onExport={(format) => prospectingApi.exportSending(data.GroupedMailId, format)} />
      </div>
      <CountsList data={data} />
      <p className="text-xs text-muted-foreground">Ratele sunt calculate din mesajele trimise. Deschiderile și click-urile făcute de programe (scanere, proxy-uri) nu sunt numărate.</p>
      <section className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold">Deschideri și click-uri în timp</h3>
        <Timeline points={data.Timeline} />
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold">Click-uri pe link</h3>
        {data.Links.length ? (
          <SimpleTable rows={data.Links} columns={LINK_COLUMNS} label="Click-uri pe link" testId="results-links" rowName={(l) => l.Url} />
        ) : (
          <p className="text-sm text-muted-foreground">Niciun click până acum.</p>
        )}
      </section>
      {template ? (
        <section className="flex flex-col gap-2" data-testid="template-results">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-lg font-semibold">Template-ul „{template.Name}” în toate trimiterile</h3>
            <ExportMenu size="sm" label="Exportă ratele template-ului" onExport={(format) => prospectingApi.exportTemplateResults(template.TemplateId, format)} />
          </div>
          <CountsList data={template} />
          <SimpleTable rows={template.Sendings} columns={SENDING_COLUMNS} label={`Trimiterile template-ului ${template.Name}`} testId="template-sendings" rowName={(r) => r.Name} />
        </section>
      ) : null}
    </div>
  );
}
