import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { TemplatesList } from '@/components/templates/templates-list';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Template-uri', robots: { index: false } };

export default async function TemplatesPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Template-uri" path="/Template-uri" description="Email-urile pe care le proiectați o dată și le trimiteți firmelor din grupurile dumneavoastră." />
      <TemplatesList />
    </PageContainer>
  );
}
