'use client';

// /Emailuri-trimise-companiilor: the companies that received the user's visible sendings, with
// the number of templates each received; a row opens to the messages per template.
import * as React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight, Search } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { getPaginationLayout } from '@/lib/pagination';
import { companyPath } from '@/lib/slug';
import { sendingApi } from '@/lib/sending/client';
import type { CompanySentSummary, CompanyTemplateMails, Paged } from '@/lib/sending/types';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { showErrorToast } from '@/components/layout/toaster';
import { MailStatusBadge } from './status-badge';
import { FAILED_TEXT } from '@/lib/text';

const FAILED = FAILED_TEXT;

function CompanyMails({ cui }: { cui: number }) {
  const [items, setItems] = React.useState<CompanyTemplateMails[] | null>(null);
  React.useEffect(() => {
    let live = true;
    sendingApi.mailsOfCompany(cui).then(
      (r) => live && setItems(r.Items),
      () => {
        if (!live) return;
        setItems([]);
        showErrorToast(FAILED);
      },
    );
    return () => {
      live = false;
    };
  }, [cui]);
  if (items === null) return <Skeleton className="m-3 h-16" aria-hidden="true" />;
  if (!items.length) return <p className="p-3 text-sm text-muted-foreground">Nu există companii pentru acest template!</p>;
  return (
    <ul className="flex flex-col gap-3 p-3" data-testid="company-mails">
      {items.map((t) => (
        <li key={t.GroupedMailId} className="rounded-md border bg-background p-3">
          <p className="font-medium">{t.Name}</p>
          <p className="text-xs text-muted-foreground tabular-nums">{formatDateTime(t.SendOn)}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {t.Mails.map((m) => (
              <li key={m.MailSendId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="break-all">{m.Mail}</span>
                <MailStatusBadge status={m.Status} on={m.StatusOn} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function CompaniesMails() {
  const [search, setSearch] = React.useState('');
  const [applied, setApplied] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [data, setData] = React.useState<Paged<CompanySentSummary> | null>(null);
  const [open, setOpen] = React.useState<number | null>(null);

  React.useEffect(() => {
    let live = true;
    setData(null);
    sendingApi.companiesWithMails({ OrderBy: 'Name', SearchText: applied, PageNumber: page }).then(
      (r) => live && setData(r),
      () => {
        if (!live) return;
        setData({ Items: [], Count: 0, NumberOfPages: 0 });
        showErrorToast(FAILED);
      },
    );
    return () => {
      live = false;
    };
  }, [applied, page]);

  const columns = React.useMemo<ColumnDef<CompanySentSummary>[]>(
    () => [
      {
        id: 'Company',
        header: 'Companie',
        cell: ({ row }) => (
          <a href={companyPath(row.original.Cui, row.original.Company)} target="_blank" rel="noopener" className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
            {row.original.Company}
          </a>
        ),
      },
      { id: 'Cui', header: 'CUI', cell: ({ row }) => <span className="tabular-nums">{row.original.Cui}</span> },
      { id: 'NumberOfMails', header: 'Template-uri trimise', cell: ({ row }) => <span className="tabular-nums">{row.original.NumberOfMails}</span> },
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, getRowId: (r) => String(r.Cui) });

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex max-w-xl gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search.trim());
          setPage(1);
          setOpen(null);
        }}
      >
        <label htmlFor="companies-mails-search" className="sr-only">
          Caută un email
        </label>
        <Input id="companies-mails-search" placeholder="Caută un email" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">
          <Search aria-hidden="true" />
          Caută
        </Button>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Rezultate: <span className="font-semibold text-foreground" data-testid="results-count">{data?.Count ?? 0}</span>
      </p>
      <Table data-testid="companies-mails-table">
        <TableHeader>
          {table.getHeaderGroups().map((hg) => (
            <TableRow key={hg.id}>
              <TableHead className="w-10">
                <span className="sr-only">Extinde</span>
              </TableHead>
              {hg.headers.map((h) => (
                <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {data === null
            ? Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} aria-hidden="true">
                  <TableCell colSpan={4}>
                    <Skeleton className="h-6" />
                  </TableCell>
                </TableRow>
              ))
            : table.getRowModel().rows.map((row) => {
                const cui = row.original.Cui;
                const isOpen = open === cui;
                return (
                  <React.Fragment key={row.id}>
                    <TableRow className="cursor-pointer" onClick={() => setOpen(isOpen ? null : cui)} data-testid="company-row">
                      <TableCell>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-expanded={isOpen}
                          aria-controls={`company-mails-${cui}`}
                          aria-label={isOpen ? 'Ascunde email-urile' : 'Arată email-urile'}
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(isOpen ? null : cui);
                          }}
                        >
                          {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                        </Button>
                      </TableCell>
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                      ))}
                    </TableRow>
                    {isOpen ? (
                      <TableRow id={`company-mails-${cui}`} className="bg-subtle hover:bg-subtle">
                        <TableCell colSpan={4} className="p-0">
                          <CompanyMails cui={cui} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                );
              })}
        </TableBody>
      </Table>
      {data && data.Items.length === 0 ? <EmptyState title="Nu există elemente!" /> : null}
      {data ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={setPage} /> : null}
    </div>
  );
}
