'use client';

// The expanded row of a sending: its companies, each address with its coloured status and a
// comments icon. Loaded when the row opens; a group's history shows only that group's companies.
import * as React from 'react';
import { MessageSquare } from 'lucide-react';
import { companyPath } from '@/lib/slug';
import { sendingApi, serverMessage } from '@/lib/sending/client';
import type { MailCompanyEntry } from '@/lib/sending/types';
import { Button } from '@/components/ui/button';
import { useIsWide } from '@/components/ui/data-table-cards';
import { Skeleton } from '@/components/ui/skeleton';
import { showErrorToast } from '@/components/layout/toaster';
import { MailStatusBadge } from './status-badge';
import { SendingExport } from '@/components/prospecting/export-menu';
import type { MailCommentTarget } from './mail-comments-dialog';

export function SendingCompanies({ groupedMailId, groupId, onComments }: { groupedMailId: number; groupId?: number; onComments: (t: MailCommentTarget) => void }) {
  const [items, setItems] = React.useState<MailCompanyEntry[] | null>(null);
  const [page, setPage] = React.useState(1);
  const [pages, setPages] = React.useState(1);
  const isWide = useIsWide();

  React.useEffect(() => {
    let live = true;
    sendingApi.companiesOfSending(groupedMailId, groupId, page).then(
      (r) => {
        if (!live) return;
        setItems((prev) => (page === 1 || !prev ? r.Items : [...prev, ...r.Items]));
        setPages(r.NumberOfPages);
      },
      (e) => {
        if (!live) return;
        setItems([]);
        showErrorToast(serverMessage(e));
      },
    );
    return () => {
      live = false;
    };
  }, [groupedMailId, groupId, page]);

  if (items === null) {
    return (
      <div className="flex flex-col gap-2 p-3" aria-hidden="true">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (!items.length) return <p className="p-3 text-sm text-muted-foreground">Nu există companii pentru acest template!</p>;

  const more =
    page < pages ? (
      <div className="mt-2 flex justify-center">
        <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)}>
          Încarcă mai multe
        </Button>
      </div>
    ) : null;
  // A phone: each company with its addresses under it (a five-column table would widen the page).
  if (!isWide) {
    return (
      <div className="p-3">
        <SendingExport groupedMailId={groupedMailId} />
        <ul className="flex flex-col divide-y text-sm" data-testid="sending-companies" aria-label="Companiile și adresele acestei trimiteri">
          {items.map((company) => (
            <li key={company.CompanyCui} className="flex min-w-0 flex-col gap-1 py-2">
              <a href={companyPath(company.CompanyCui, company.Name)} target="_blank" rel="noopener" className="font-medium break-words text-primary hover:underline">
                {company.Name}
              </a>
              <span className="text-xs text-muted-foreground tabular-nums">CUI {company.CompanyCui}</span>
              {company.Mails.length ? (
                <ul className="flex flex-col gap-1">
                  {company.Mails.map((mail) => (
                    <li key={mail.MailSendId} className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="sending-mail-row">
                      <span className="min-w-0 flex-1 break-all">{mail.Mail}</span>
                      <MailStatusBadge status={mail.Status} title={mail.LastError} on={mail.StatusOn} />
                      <CommentsButton company={company} mail={mail} onComments={onComments} />
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-muted-foreground">Fără adresă de email</span>
              )}
            </li>
          ))}
        </ul>
        {more}
      </div>
    );
  }

  type Row = { company: MailCompanyEntry; mail: MailCompanyEntry['Mails'][number] | null; first: boolean };
  const rows: Row[] = items.flatMap((c): Row[] =>
    c.Mails.length ? c.Mails.map((m, i) => ({ company: c, mail: m, first: i === 0 })) : [{ company: c, mail: null, first: true }],
  );
  return (
    <div className="p-2 sm:p-3">
      <SendingExport groupedMailId={groupedMailId} />
      <table className="w-full text-sm" data-testid="sending-companies">
        <caption className="sr-only">Companiile și adresele acestei trimiteri</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground uppercase">
            <th scope="col" className="px-2 py-1.5 font-semibold">Companie</th>
            <th scope="col" className="px-2 py-1.5 font-semibold">CUI</th>
            <th scope="col" className="px-2 py-1.5 font-semibold">Email</th>
            <th scope="col" className="px-2 py-1.5 font-semibold">Status</th>
            <th scope="col" className="px-2 py-1.5 font-semibold">
              <span className="sr-only">Comentarii</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ company, mail, first }) => (
            <tr key={`${company.CompanyCui}-${mail?.MailSendId ?? 0}`} className="border-t" data-testid="sending-mail-row">
              <td className="px-2 py-1.5">
                {first ? (
                  <a href={companyPath(company.CompanyCui, company.Name)} target="_blank" rel="noopener" className="font-medium text-primary hover:underline">
                    {company.Name}
                  </a>
                ) : null}
              </td>
              <td className="px-2 py-1.5 tabular-nums">{first ? company.CompanyCui : null}</td>
              <td className="px-2 py-1.5 break-all">{mail ? mail.Mail : <span className="text-muted-foreground">Fără adresă de email</span>}</td>
              <td className="px-2 py-1.5">{mail ? <MailStatusBadge status={mail.Status} title={mail.LastError} on={mail.StatusOn} /> : '-'}</td>
              <td className="px-2 py-1.5 text-right">
                {mail ? <CommentsButton company={company} mail={mail} onComments={onComments} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more}
    </div>
  );
}

function CommentsButton({ company, mail, onComments }: { company: MailCompanyEntry; mail: MailCompanyEntry['Mails'][number]; onComments: (t: MailCommentTarget) => void }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Comentarii pentru ${mail.Mail}${mail.CommentsNumber ? ` (${mail.CommentsNumber})` : ''}`}
      onClick={() => onComments({ MailSendId: mail.MailSendId, Label: `${company.Name} · ${mail.Mail}` })}
    >
      <MessageSquare aria-hidden="true" />
      {mail.CommentsNumber ? <span className="text-xs">{mail.CommentsNumber}</span> : null}
    </Button>
  );
}
