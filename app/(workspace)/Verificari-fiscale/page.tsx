// "Verificări fiscale" (issue 48, decision 108): the signed-in user's bulk checks at ANAF. The
// address may carry a search to check (?cautare=/Cautare-avansata/…), so a search page can link here.
import { SectionPage } from '@/components/ui/page-header';
import { BulkChecks } from '@/components/fiscal/bulk-checks';
import { privatePageMetadata } from '@/app/_pages/section-page';
import { requirePageAudience } from '@/server/auth/page-guard';
import { searchPathOf } from '@/lib/fiscal/schemas';

export const dynamic = 'force-dynamic';
export const metadata = privatePageMetadata('Verificări fiscale');

export default async function BulkChecksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageAudience('signed-in');
  const asked = (await searchParams).cautare;
  const search = typeof asked === 'string' && searchPathOf(asked) ? asked : '';
  return (
    <SectionPage
      title="Verificări fiscale"
      path="/Verificari-fiscale"
      description="Verificați la ANAF, într-o singură operațiune, starea de TVA, inactivitatea și înregistrarea în RO e-Factura pentru o listă de CUI-uri, un grup sau rezultatele unei căutări, apoi descărcați raportul XLSX."
    >
      <BulkChecks initialSearch={search} />
    </SectionPage>
  );
}
