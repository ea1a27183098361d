import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { SendingsTable } from '@/components/sending/sendings-table';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Email-uri trimise', robots: { index: false } };

export default async function SentMailsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Email-uri trimise" path="/Emailuri-trimise" description="Campaniile trimise de dumneavoastră și cele trimise grupurilor din care faceți parte." />
      <SendingsTable />
    </PageContainer>
  );
}
