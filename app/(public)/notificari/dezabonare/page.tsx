// The page behind the unsubscribe link of the notification mails. Opening it changes nothing (mail
// scanners open every link); the button POSTs, as the one-click header does. Signed out too.
import { Button } from '@/components/ui/button';
import { DIGEST_UNSUBSCRIBE_PATH, NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { watchPageMetadata } from '@/app/_pages/watch-page';
import { endpoint } from '@/lib/api/endpoint';

export const dynamic = 'force-dynamic';
export const metadata = watchPageMetadata('Dezabonare de la notificări');

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DigestUnsubscribePage({ searchParams }: Props) {
  const { t, gata } = await searchParams;
  const action = `${endpoint('POST /api/Notification/unsubscribe')}?t=${encodeURIComponent(typeof t === 'string' ? t : '')}`;
  const body =
    gata === '1' ? (
      <p role="status">
        Nu veți mai primi e-mailuri de notificare. Notificările rămân în aplicație; e-mailurile se pot porni din nou din{' '}
        <a href={NOTIFICATION_SETTINGS_PATH} className="text-primary underline underline-offset-4">setări</a>.
      </p>
    ) : (
      <form method="post" action={action} className="flex flex-col items-start gap-4">
        <p>Doriți să nu mai primiți e-mailuri cu modificările firmelor urmărite?</p>
        <Button type="submit">Dezabonează-mă</Button>
      </form>
    );
  return (
    <PageContainer>
      <SectionPageHeader title="Dezabonare de la notificări" path={DIGEST_UNSUBSCRIBE_PATH} />
      <section className="max-w-xl rounded-lg border bg-card p-6" data-testid="digest-unsubscribe">
        {body}
      </section>
    </PageContainer>
  );
}
