// The page behind the unsubscribe link of every campaign message. Opening it changes nothing
// (mail scanners open every link); the button POSTs, like the one-click header does.
import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { describeUnsubscribe } from '@/server/sending/tracking';
import { endpoint } from '@/lib/api/endpoint';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dezabonare', robots: { index: false, follow: false } };

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.t === 'string' ? sp.t : null;
  const info = await describeUnsubscribe(token).catch(() => null);
  const done = sp.gata === '1' && info?.already;
  return (
    <PageContainer>
      <SectionPageHeader title="Dezabonare" path="/dezabonare" />
      <div className="max-w-xl rounded-lg border bg-card p-6" data-testid="unsubscribe">
        {!info ? (
          <p>Linkul de dezabonare nu este valid. Verificați că l-ați copiat întreg din mesaj.</p>
        ) : done || info.already ? (
          <p role="status">
            Adresa <strong>{info.maskedEmail}</strong> a fost dezabonată. Nu veți mai primi mesaje trimise prin RadarFirme la această adresă.
          </p>
        ) : (
          <form method="post" action={`${endpoint('POST /api/track/unsubscribe')}?t=${encodeURIComponent(token ?? '')}`} className="flex flex-col gap-4">
            <p>
              Doriți să nu mai primiți mesaje trimise prin RadarFirme la adresa <strong>{info.maskedEmail}</strong>?
            </p>
            <div>
              <Button type="submit">Dezabonează-mă</Button>
            </div>
          </form>
        )}
      </div>
    </PageContainer>
  );
}
