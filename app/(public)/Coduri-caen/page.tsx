import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { CaenCatalogue } from '@/components/caen/caen-catalogue';
import { getCaenCatalogue } from '@/server/caen/queries';
import { absoluteUrl } from '@/server/company/seo';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Coduri CAEN',
  description:
    'Nomenclatorul complet al codurilor CAEN Rev.2 – secțiuni, diviziuni, grupe și clase – cu corespondența CAEN Rev.3 și firmele din fiecare activitate.',
  alternates: { canonical: absoluteUrl('/Coduri-caen') },
};

export default async function CaenCataloguePage() {
  const { tree } = await getCaenCatalogue();
  return (
    <PageContainer>
      <SectionPageHeader
        title="Coduri CAEN"
        path="/Coduri-caen"
        description="Clasificarea activităților din economia națională (CAEN Rev.2), cu codurile CAEN Rev.3 corespunzătoare. Alegeți o clasă pentru a vedea firmele care o au ca activitate principală."
      />
      <CaenCatalogue tree={tree} />
    </PageContainer>
  );
}
