'use client';

// /Emailuri-trimise-companiilor: the companies that received the user's visible sendings, with
// the number of templates each received; a row opens to the messages per template.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { sendingApi } from '@/lib/sending/client';
import type { CompanySentSummary, CompanyTemplateMails } from '@/lib/sending/types';
import { DataTableSkeletonRows, ExpandableDataRows, ExpandHead } from '@/components/ui/data-table-body';
import { DataTableCards, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { ListFooter } from '@/components/ui/list-footer';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody } from '@/components/ui/table';
import { usePagedList } from '@/components/ui/use-paged-list';
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
  const list = usePagedList((q) => sendingApi.companiesWithMails(q), { defaultOrder: 'Name', onError: () => showErrorToast(FAILED) });
  const { data } = list;
  const [open, setOpen] = React.useState<number | null>(null);

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
        meta: { card: 'title' },
      },
      { id: 'Cui', header: 'CUI', cell: ({ row }) => <span className="tabular-nums">{row.original.Cui}</span>, meta: { card: 'subtitle' } },
      { id: 'NumberOfMails', header: 'Template-uri trimise', cell: ({ row }) => <span className="tabular-nums">{row.original.NumberOfMails}</span> },
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, getRowId: (r) => String(r.Cui) });
  // A new search closes the open company.
  const search = {
    ...list,
    submitSearch: () => {
      list.submitSearch();
      setOpen(null);
    },
  };

  return (
    <div className="flex flex-col gap-4">
      <ListSearchForm id="companies-mails-search" label="Căutare companii după email" placeholder="Caută un email" list={search} className="max-w-xl" />
      <ResultCount count={data?.Count ?? null} testId="results-count" />
      <ResponsiveList
        cards={
          <DataTableCards
            table={table}
            label="Companii"
            rowName={(r) => r.Company}
            loading={data === null}
            testId="companies-mails-cards"
            rowTestId="company-card"
            detail={{
              isOpen: (cui) => open === cui,
              onToggle: (cui) => setOpen(open === cui ? null : cui),
              idOf: (r) => r.Cui,
              labels: { show: 'Arată email-urile', hide: 'Ascunde email-urile' },
              detailId: (cui) => `company-mails-${cui}`,
              render: (cui) => <CompanyMails cui={cui} />,
            }}
          />
        }
      >
      <Table data-testid="companies-mails-table">
        <DataTableHeader table={table} leading={<ExpandHead />} isSortable={() => false} directionOf={() => null} onSort={() => {}} />
        <TableBody>
          {data === null ? (
            <DataTableSkeletonRows columns={columns.length + 1} rows={5} />
          ) : (
            <ExpandableDataRows
              table={table}
              openId={open}
              onOpenChange={setOpen}
              idOf={(r) => r.Cui}
              detailId={(cui) => `company-mails-${cui}`}
              labels={{ show: 'Arată email-urile', hide: 'Ascunde email-urile' }}
              rowTestId="company-row"
              renderDetail={(cui) => <CompanyMails cui={cui} />}
            />
          )}
        </TableBody>
      </Table>
      </ResponsiveList>
      <ListFooter list={list} compact={false} />
    </div>
  );
}
