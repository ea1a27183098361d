import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { AdvancedSearch } from '@/components/search/advanced-search';
import { buildSearchUrl, parseSearchUrl } from '@/components/search/search-url';
import { findFilterNames } from '@/server/lookups/queries';
import { findCompanies } from '@/server/search/engine-search';
import { findFactFilterInfo } from '@/server/fiscal/queries';
import { env } from '@/server/kernel/env';

// Reads the database per request (never prerendered at build time).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ filters?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const filter = parseSearchUrl((await params).filters, await searchParams);
  const text = filter.SearchText ? `„${filter.SearchText}”` : 'firme din România';
  return {
    description: `Căutare detaliată pe RadarFirme: ${text}, filtrate după angajați, cifră de afaceri, profit, cod CAEN, județ și localitate.`,
    alternates: { canonical: buildSearchUrl({ ...filter, OrderBy: filter.OrderBy }) },
  };
}

export default async function AdvancedSearchPage({ params, searchParams }: Props) {
  const filter = parseSearchUrl((await params).filters, await searchParams);
  const [page, names, facts] = await Promise.all([findCompanies(null, { ...filter, PageNumber: 1 }), findFilterNames(filter), findFactFilterInfo()]);
  const { Items, NumberOfPages, Count, IsCountCapped } = page;
  return (
    <PageContainer>
      <SectionPageHeader
        title="Căutare detaliată"
        path="/Cautare-avansata"
        currentPath="/Cautare-avansata"
        description="Căutați firmele după nume sau CUI și filtrați-le după mărime, activitate, loc și risc."
      />
      <AdvancedSearch key={buildSearchUrl(filter)} initialFilter={filter} initialPage={{ Items, NumberOfPages, Count, IsCountCapped }} initialNames={names} facts={facts} bulkAddMax={env.BULK_ADD_MAX} />
    </PageContainer>
  );
}
