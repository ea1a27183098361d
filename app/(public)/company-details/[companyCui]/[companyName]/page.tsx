import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CompanyPage } from '@/components/company-details/company-page';
import { parseCuiSegment } from '@/lib/cui';
import { companyPath, slugify, slugToTitle, FALLBACK_COMPANY_SLUG } from '@/lib/slug';
import { DEFAULT_OG_IMAGE } from '@/lib/site';
import { getCompanyPageData } from '@/server/company/page';
import { ChangeHistory } from '@/components/watch/change-history';
import { listCompanyChanges } from '@/server/watch/queries';
import { FiscalCheckCard } from '@/components/company-details/fiscal-check-card';
import { readFiscalBlock } from '@/server/fiscal/queries';
import { CourtCasesCard } from '@/components/company-details/court-cases-card';
import { getCourtCases } from '@/server/fiscal/court-cases';
import { TaxArrearsCard } from '@/components/company-details/tax-arrears-card';
import { getTaxArrears } from '@/server/fiscal/arrears';
import { companyDescription, companyUrl, jsonLdText, organizationJsonLd } from '@/server/company/seo';

// Read from the database on every request: never prerendered at build time.
export const dynamic = 'force-dynamic';

type Params = { companyCui: string; companyName: string };

// generateMetadata and the page share one read per request.
const load = cache(async (raw: string) => {
  const cui = parseCuiSegment(raw);
  return cui == null ? null : getCompanyPageData(cui);
});

const canonicalSlug = (name: string) => slugify(name) || FALLBACK_COMPANY_SLUG;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { companyCui } = await params;
  const data = await load(companyCui);
  if (!data) return { title: 'Compania nu a fost găsită', robots: { index: false } };
  const d = data.details;
  // On this route the title is the slug turned into upper-case words.
  const title = slugToTitle(canonicalSlug(d.Name));
  const description = companyDescription(d, data.years);
  const url = companyUrl(d);
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: url },
    openGraph: { type: 'website', url, title, description, siteName: 'RadarFirme', locale: 'ro_RO', images: [DEFAULT_OG_IMAGE] },
    twitter: { card: 'summary_large_image', title, description, images: [DEFAULT_OG_IMAGE.url] },
  };
}

export default async function CompanyDetailsPage({ params }: { params: Promise<Params> }) {
  const { companyCui, companyName } = await params;
  const data = await load(companyCui);
  if (!data) notFound();
  const d = data.details;
  // The proxy has already sent a wrong or outdated address to the canonical one in one 301; this
  // stays for when its database read failed (decision 082).
  if (companyName !== canonicalSlug(d.Name) || companyCui !== String(d.Cui)) permanentRedirect(companyPath(d.Cui, d.Name));
  // All read stored rows only: the fiscal blocks never wait for ANAF or the courts (decisions 098, 108).
  const [changes, fiscal, courts, arrears] = await Promise.all([listCompanyChanges(d.Cui, 1), readFiscalBlock(d.Cui), getCourtCases(d.Cui), getTaxArrears(d.Cui)]);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(organizationJsonLd(d)) }} />
      <CompanyPage
        data={data}
        history={<ChangeHistory changes={changes} />}
        fiscal={
          <>
            <FiscalCheckCard cui={d.Cui} check={fiscal} />
            {arrears ? <TaxArrearsCard data={arrears} /> : null}
            <CourtCasesCard cui={d.Cui} data={courts} />
          </>
        }
      />
    </>
  );
}
