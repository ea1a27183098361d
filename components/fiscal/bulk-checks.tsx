'use client';

// "Verificări fiscale" (issue 48, decision 108): a signed-in user checks many companies at ANAF in
// one job (a pasted CUI list, one of their groups, or a whole advanced search, up to 10,000), sees
// its progress bar (the job polled every 2 s), downloads the XLSX report, and lists their past
// jobs. Everything goes through the documented API the public API also offers; the worker checks
// the job in the deployment's one ANAF rate, so the page only shows how far it got.
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Download, Eye } from 'lucide-react';
import { apiCall, apiDownload } from '@/lib/api/client';
import { endpoint } from '@/lib/api/endpoint';
import { filterToQuery, parseSearchPathname } from '@/lib/filters';
import { formatDateTime, formatNumber } from '@/lib/format';
import { BULK_MAX_COMPANIES, bulkCheckFormSchema, searchPathOf, type BulkCheckFormInput, type BulkCheckFormOutput } from '@/lib/fiscal/schemas';
import { BULK_STATUS_LABELS, bulkDurationText, bulkProgress, bulkProgressText, isBulkJobOpen } from '@/lib/fiscal/labels';
import type { FiscalBulkJobDto } from '@/lib/fiscal/types';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PagedTable } from '@/components/privacy/paged-table';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { showFailure } from '@/components/api-keys/origins-dialog';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

/** How often an unfinished job is asked for its progress. */
const POLL_MS = 2_000;

const SOURCES: Array<{ value: BulkCheckFormInput['Source']; label: string }> = [
  { value: 'list', label: 'O listă de CUI-uri' },
  { value: 'group', label: 'Un grup de firme' },
  { value: 'search', label: 'Rezultatele unei căutări' },
];

type GroupOption = { Id: number; Name: string; CompaniesNumber: number };

/** The query of a search's address: its filters as the search page writes them, without paging. */
function searchQueryOf(address: string): Record<string, string | string[]> {
  const q = filterToQuery(parseSearchPathname(searchPathOf(address) ?? '/Cautare-avansata'));
  q.delete('PageNumber');
  q.delete('PageSize');
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(q.keys())) {
    const values = q.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

const downloadReport = (job: FiscalBulkJobDto) =>
  apiDownload(endpoint('GET /api/Fiscal/getBulkCheckReport'), { id: job.Id }).catch((e: unknown) => showFailure(e, (m) => showErrorToast(m)));

/** The bar of a job: a native progressbar role with its value, and the counts in words. */
function BulkProgress({ job }: { job: FiscalBulkJobDto }) {
  const value = bulkProgress(job);
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <div
        role="progressbar"
        aria-label={`Progresul verificării ${job.Label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%: ${bulkProgressText(job)}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        data-testid="bulk-progress"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-muted-foreground" data-testid="bulk-progress-text">
        {value}% · {bulkProgressText(job)}
      </span>
    </div>
  );
}

/** The job being followed: polled until the worker has finished it, then its report. */
function ActiveJob({ job, onChange }: { job: FiscalBulkJobDto; onChange: (j: FiscalBulkJobDto) => void }) {
  const open = isBulkJobOpen(job);
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = window.setInterval(() => {
      apiCall('GET /api/Fiscal/getBulkCheck', { query: { id: job.Id }, background: true }).then(
        (j) => live && onChange(j),
        () => {
          // A failed poll is retried on the next tick; the bar keeps its last value.
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [job.Id, open, onChange]);
  return (
    <section aria-labelledby="bulk-active-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="bulk-active">
      <h2 id="bulk-active-title" className="text-lg font-semibold">
        {job.Label}
      </h2>
      <p className="text-sm" role="status" data-testid="bulk-active-status">
        {BULK_STATUS_LABELS[job.Status]}
        {open ? ` · durată estimată ${bulkDurationText(job.Total - job.Done - job.Failed)} (ANAF primește un apel de 100 de CUI-uri pe secundă pentru tot site-ul)` : ''}
      </p>
      <BulkProgress job={job} />
      {job.Status === 'done' ? (
        <Button type="button" className="self-start" onClick={() => void downloadReport(job)}>
          <Download aria-hidden="true" />
          Descarcă raportul XLSX
        </Button>
      ) : null}
    </section>
  );
}

function BulkCheckForm({ groups, initialSearch, onCreated }: { groups: GroupOption[] | null; initialSearch: string; onCreated: (job: FiscalBulkJobDto) => void }) {
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<BulkCheckFormInput, unknown, BulkCheckFormOutput>({
    resolver: zodResolver(bulkCheckFormSchema),
    defaultValues: initialSearch ? { Source: 'search', SearchAddress: initialSearch } : { Source: 'list', CuiText: '' },
  });
  const source = useWatch({ control: form.control, name: 'Source' });
  const errors = form.formState.errors as Partial<Record<'CuiText' | 'GroupId' | 'SearchAddress', { message?: string }>>;
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const job =
        values.Source === 'list'
          ? await apiCall('POST /api/Fiscal/createBulkCheck', { body: { Cuis: values.CuiText } })
          : values.Source === 'group'
            ? await apiCall('POST /api/Fiscal/createBulkCheck', { body: { GroupId: values.GroupId } })
            : await apiCall('POST /api/Fiscal/createBulkCheckFromSearch', { query: searchQueryOf(values.SearchAddress) });
      showSuccessToast(`Verificarea a pornit: ${formatNumber(job.Total)} firme.`);
      onCreated(job);
    } catch (e) {
      showFailure(e, setFailure);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Verificare în masă">
      <FormAlert message={failure} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Ce verificați</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
          {SOURCES.map((s) => (
            <label key={s.value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input type="radio" value={s.value} className="size-4 accent-primary" {...form.register('Source')} />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      {source === 'list' ? (
        <FormField id="bulk-cuis" label={`CUI-uri (cel mult ${formatNumber(BULK_MAX_COMPANIES)}, câte unul pe rând sau separate prin virgulă)`} errors={[errors.CuiText?.message]}>
          {(a11y) => <Textarea rows={6} autoComplete="off" placeholder={'14399840\nRO 1590082'} {...a11y} {...form.register('CuiText')} />}
        </FormField>
      ) : null}
      {source === 'group' ? (
        <FormField id="bulk-group" label="Grupul" errors={[errors.GroupId?.message]}>
          {(a11y) => (
            <select className="h-10 rounded-md border border-input bg-background px-3 text-sm" {...a11y} {...form.register('GroupId')}>
              <option value="">{groups === null ? 'Se încarcă grupurile…' : groups.length ? 'Alegeți un grup' : 'Nu aveți niciun grup'}</option>
              {(groups ?? []).map((g) => (
                <option key={g.Id} value={g.Id}>
                  {g.Name} ({formatNumber(g.CompaniesNumber)} firme)
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {source === 'search' ? (
        <FormField id="bulk-search" label="Adresa căutării avansate (copiați-o din bara de adrese a paginii de căutare)" errors={[errors.SearchAddress?.message]}>
          {(a11y) => <Input autoComplete="off" placeholder="https://radarfirme.ro/Cautare-avansata/…" {...a11y} {...form.register('SearchAddress')} />}
        </FormField>
      ) : null}
      <p className="text-sm text-muted-foreground">
        ANAF permite un apel de cel mult 100 de CUI-uri pe secundă pentru tot site-ul: {formatNumber(BULK_MAX_COMPANIES)} de firme durează {bulkDurationText(BULK_MAX_COMPANIES)}, iar verificările tuturor utilizatorilor
        împart același ritm. Puteți închide pagina: verificarea continuă, iar raportul rămâne în lista de mai jos.
      </p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? <Spinner size="sm" className="text-current" label="Se pornește" /> : null}
        Pornește verificarea
      </Button>
    </form>
  );
}

export function BulkChecks({ initialSearch = '' }: { initialSearch?: string }) {
  const [jobs, setJobs] = React.useState<FiscalBulkJobDto[] | null>(null);
  const [groups, setGroups] = React.useState<GroupOption[] | null>(null);
  const [activeId, setActiveId] = React.useState<number | null>(null);

  React.useEffect(() => {
    let live = true;
    apiCall('GET /api/Fiscal/getBulkChecks').then(
      (list) => {
        if (!live) return;
        setJobs(list);
        // Coming back to the page follows the newest unfinished job.
        setActiveId((id) => id ?? list.find(isBulkJobOpen)?.Id ?? null);
      },
      () => live && (setJobs([]), showErrorToast()),
    );
    apiCall('GET /api/Group/getGroups', { query: { PageNumber: 1, PageSize: 100 } }).then(
      (page) => live && setGroups(page.Items.map((g) => ({ Id: g.Id, Name: g.Name, CompaniesNumber: g.CompaniesNumber }))),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const replace = React.useCallback((j: FiscalBulkJobDto) => setJobs((list) => (list ? list.map((x) => (x.Id === j.Id ? j : x)) : list)), []);
  const created = (j: FiscalBulkJobDto) => {
    setJobs((list) => [j, ...(list ?? [])]);
    setActiveId(j.Id);
  };
  const active = jobs?.find((j) => j.Id === activeId) ?? null;

  const columns = React.useMemo<ColumnDef<FiscalBulkJobDto>[]>(
    () => [
      { id: 'label', header: 'Verificarea', meta: { card: 'title' }, cell: ({ row }) => <span className="font-medium">{row.original.Label}</span> },
      { id: 'created', header: 'Pornită', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.CreatedAt)}</span> },
      {
        id: 'status',
        header: 'Stare',
        cell: ({ row }) => (
          <Badge variant={row.original.Status === 'done' ? 'success' : row.original.Status === 'failed' ? 'destructive' : 'secondary'} data-testid="bulk-status">
            {BULK_STATUS_LABELS[row.original.Status]}
          </Badge>
        ),
      },
      { id: 'progress', header: 'Progres', cell: ({ row }) => <BulkProgress job={row.original} /> },
      actionsColumn<FiscalBulkJobDto>({
        id: 'actions',
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (j) =>
          j.Status === 'done'
            ? [{ id: 'report', label: 'Raport XLSX', ariaLabel: `Descarcă raportul: ${j.Label}`, icon: Download, withText: true, onSelect: () => void downloadReport(j) }]
            : [{ id: 'follow', label: 'Urmărește', ariaLabel: `Urmărește progresul: ${j.Label}`, icon: Eye, withText: true, onSelect: () => setActiveId(j.Id) }],
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: jobs ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  const page = jobs ? { Items: jobs, Count: jobs.length, NumberOfPages: jobs.length ? 1 : 0 } : null;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="bulk-new-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6">
        <h2 id="bulk-new-title" className="text-lg font-semibold">
          Verificare nouă
        </h2>
        <BulkCheckForm groups={groups} initialSearch={initialSearch} onCreated={created} />
      </section>
      {active ? <ActiveJob job={active} onChange={replace} /> : null}
      <section aria-labelledby="bulk-list-title" className="flex flex-col gap-4">
        <h2 id="bulk-list-title" className="text-lg font-semibold">
          Verificările mele
        </h2>
        <PagedTable table={table} data={page} page={1} onPage={() => undefined} rowTestId="bulk-row" scrollLabel="Verificările mele" cards={{ label: 'Verificările mele', rowName: (j) => j.Label }} />
      </section>
    </div>
  );
}
