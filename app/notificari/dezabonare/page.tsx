// The page behind the unsubscribe link of the notification mails. Opening it changes nothing (mail
// scanners open every link); the button POSTs, as the one-click header does.
import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { DIGEST_UNSUBSCRIBE_PATH } from '@/lib/watch/paths';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dezabonare de la notificări', robots: { index: false, follow: false } };

export default async function DigestUnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.t === 'string' ? sp.t : '';
  return (
    <PageContainer>
      <SectionPageHeader title="Dezabonare de la notificări" path={DIGEST_UNSUBSCRIBE_PATH} />
      <div className="max-w-xl rounded-lg border bg-card p-6" data-testid="digest-unsubscribe">
        {sp.gata === '1' ? (
          <p role="status">Nu veți mai primi e-mailuri de notificare. Notificările rămân în aplicație; le puteți porni din nou din setări.</p>
        ) : (
          <form method="post" action={`/api/Notification/unsubscribe?t=${encodeURIComponent(token)}`} className="flex flex-col gap-4">
            <p>Doriți să nu mai primiți e-mailuri cu modificările firmelor urmărite?</p>
            <div>
              <Button type="submit">Dezabonează-mă</Button>
            </div>
          </form>
        )}
      </div>
    </PageContainer>
  );
}
