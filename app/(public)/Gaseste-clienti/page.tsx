import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { FindCustomers } from '@/components/caen/find-customers';
import { CUSTOMER_ORDER_VALUES, PAGE_SIZES, type CustomerOrder } from '@/lib/company-rules';
import { findCustomers } from '@/server/customers/queries';
import { absoluteUrl } from '@/server/company/seo';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Găsește-ți clienții',
  description: 'Descrie produsele sau serviciile tale și găsește firmele din România care au nevoie de ele, după activitatea CAEN și denumire.',
  alternates: { canonical: absoluteUrl('/Gaseste-clienti') },
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function FindCustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const text = one(sp.q).trim().slice(0, 200);
  const o = one(sp.ordine);
  const order: CustomerOrder = (CUSTOMER_ORDER_VALUES as readonly string[]).includes(o) ? (o as CustomerOrder) : 'Name';
  const initial = text ? await findCustomers(text, 1, PAGE_SIZES.findCustomers, order) : null;
  return (
    <PageContainer>
      <SectionPageHeader
        title="Găsește-ți clienții"
        path="/Gaseste-clienti"
        description="Spune-ne ce produse sau servicii oferi și îți arătăm firmele care le-ar putea cumpăra."
      />
      <FindCustomers initialText={text} initialOrder={order} initial={initial} pageSize={PAGE_SIZES.findCustomers} />
    </PageContainer>
  );
}
