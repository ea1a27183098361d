import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { CompareView } from '@/components/risk/compare-view';
import { comparedCuisSchema, comparePath } from '@/lib/risk/schemas';
import { getComparison } from '@/server/risk/compare';

// Read from the database on every request: never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Compară firme',
  description: 'Până la cinci firme alături: cifre pe ani, indicatori, scorul de risc de neplată și limita de credit sugerată.',
  robots: { index: false },
};

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { cui } = await searchParams;
  const parsed = cui === undefined ? null : comparedCuisSchema.safeParse(cui);
  const cuis = parsed?.success ? parsed.data : [];
  const companies = await getComparison(cuis);
  const error = parsed && !parsed.success ? parsed.error.issues[0]?.message ?? 'Lista de CUI-uri nu este validă.' : null;
  return (
    <PageContainer>
      <SectionPageHeader
        title="Compară firme"
        path={comparePath(cuis)}
        description="Până la cinci firme alături: cifrele pe ani, indicatorii, scorul de risc de neplată și limita de credit sugerată. Adresa paginii se poate trimite oricui."
      />
      <CompareView companies={companies} requested={cuis} error={error} />
    </PageContainer>
  );
}
