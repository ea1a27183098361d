import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { listMailbox, mailboxDir, mayShowMailbox } from '@/server/kernel/mailbox';
import { formatDateTime } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Căsuța de e-mail locală', robots: { index: false, follow: false } };

const KIND: Record<string, string> = { welcome: 'Bun venit', 'password-reset': 'Resetare parolă', 'leave-message': 'Mesaj vizitator' };

/**
 * The local mailbox (no SMTP configured): every mail the app sent, newest first, with its links,
 * so a developer can open a reset link. Only for a caller on this machine, and off on real
 * deployments (server/kernel/mailbox.ts).
 */
export default async function MailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The socket's peer, never a header a client could write (server/kernel/peer.ts).
  if (!mayShowMailbox(await headers())) notFound();
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? '';
  const mails = await listMailbox(200, to);
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Căsuța de e-mail locală"
        description={`Nu este configurat un server SMTP: mesajele sunt scrise în ${mailboxDir()} (fișiere .eml și .json) și afișate aici.`}
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <div className="flex flex-col gap-1">
          <Label htmlFor="mailbox-to">Destinatar</Label>
          <Input id="mailbox-to" name="to" type="email" defaultValue={to} placeholder="nume@exemplu.ro" className="w-72 max-w-full" />
        </div>
        <Button type="submit" variant="outline">
          Filtrează
        </Button>
      </form>
      {mails.length === 0 ? (
        <p className="text-muted-foreground">Nu există mesaje.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Mesaje">
          {mails.map((m) => (
            <li key={m.Id} className="rounded-lg border bg-background p-4" data-testid="mailbox-message">
              <article aria-labelledby={`m-${m.Id}`}>
                <header className="flex flex-col gap-1">
                  <h2 id={`m-${m.Id}`} className="text-base font-semibold">
                    {m.Subject}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    Către <span data-testid="mailbox-to">{m.To}</span> · {formatDateTime(m.Date)} · {KIND[m.Kind] ?? m.Kind}
                  </p>
                </header>
                {m.Links.length > 0 && (
                  <ul className="mt-3 flex flex-col gap-1 text-sm">
                    {m.Links.map((href) => (
                      <li key={href} className="break-all">
                        <a href={href} className="text-primary underline underline-offset-4">
                          {href}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-medium">Arată mesajul</summary>
                  <iframe title={`Mesajul: ${m.Subject}`} sandbox="" srcDoc={m.Html} className="mt-2 h-[480px] w-full rounded border" />
                  <pre className="mt-2 text-xs whitespace-pre-wrap">{m.Text}</pre>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </PageContainer>
  );
}
