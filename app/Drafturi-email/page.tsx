import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { DraftsList } from '@/components/templates/drafts-list';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Draft-uri', robots: { index: false } };

export default async function DraftsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Draft-uri" path="/Drafturi-email" description="Email-urile pregătite și încă netrimise." />
      <DraftsList />
    </PageContainer>
  );
}
