import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { WatchedCompanies } from '@/components/watch/watched-companies';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';
import { WATCHED_COMPANIES_PATH } from '@/lib/watch/paths';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Companii urmărite', robots: { index: false, follow: false } };

export default async function WatchedCompaniesPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Companii urmărite" path={WATCHED_COMPANIES_PATH} description="Firmele și grupurile despre care primiți notificări când datele oficiale se schimbă." />
      <WatchedCompanies />
    </PageContainer>
  );
}
