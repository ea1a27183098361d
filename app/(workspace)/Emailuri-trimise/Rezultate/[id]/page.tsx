import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { SendingResultsView } from '@/components/sending/sending-results';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Rezultatele trimiterii', robots: { index: false } };

export default async function SendingResultsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) redirect('/Emailuri-trimise');
  return (
    <PageContainer>
      <SectionPageHeader title="Rezultatele trimiterii" path={`/Emailuri-trimise/Rezultate/${id}`} description="Cifrele unei campanii: trimise, deschise, click-uri, respinse și dezabonări." />
      <SendingResultsView groupedMailId={id} />
    </PageContainer>
  );
}
