import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { CompaniesMails } from '@/components/sending/companies-mails';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Email-urile trimise companiilor', robots: { index: false } };

export default async function CompaniesMailsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Email-urile trimise companiilor" path="/Emailuri-trimise-companiilor" description="Companiile cărora le-ați trimis email-uri și starea fiecărui mesaj." />
      <CompaniesMails />
    </PageContainer>
  );
}
