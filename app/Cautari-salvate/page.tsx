import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { SavedSearchesList } from '@/components/prospecting/saved-searches-list';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Căutări salvate', robots: { index: false } };

export default async function SavedSearchesPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader
        title="Căutări salvate"
        path="/Cautari-salvate"
        description="Filtrele pe care le-ați păstrat din Căutare avansată: câte firme se potrivesc acum și câte sunt noi de la ultima deschidere."
      />
      <SavedSearchesList />
    </PageContainer>
  );
}
