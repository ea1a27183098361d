import { cache } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { CaenCompanies } from '@/components/caen/caen-companies';
import { CUSTOMER_ORDER_VALUES, PAGE_SIZES, type CustomerOrder } from '@/lib/company-rules';
import { caenPath, padCaenCode } from '@/lib/slug';
import { getCaenClass } from '@/server/caen/queries';
import { getCompaniesByCaen } from '@/server/caen/companies';
import { absoluteUrl } from '@/server/company/seo';
import { AppError } from '@/server/kernel/errors';

export const dynamic = 'force-dynamic';

type Params = { caenCode: string };

const loadClass = cache(async (raw: string) => {
  if (!/^\d{1,4}$/.test(raw)) return null;
  try {
    return await getCaenClass(raw);
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { caenCode } = await params;
  const info = await loadClass(caenCode);
  if (!info) return { title: 'Cod CAEN inexistent', robots: { index: false } };
  return {
    title: `CAEN ${info.Code} – ${info.Name}`,
    description: `Firmele din România cu activitatea principală CAEN ${info.Code} – ${info.Name} (secțiunea ${info.Section.Code}, ${info.Section.Name}).`,
    alternates: { canonical: absoluteUrl(caenPath(info.Code)) },
  };
}

function parseOrder(v: string | string[] | undefined): CustomerOrder {
  const s = Array.isArray(v) ? v[0] : v;
  return (CUSTOMER_ORDER_VALUES as readonly string[]).includes(s ?? '') ? (s as CustomerOrder) : 'Name';
}

export default async function CaenCodePage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ caenCode }, sp] = await Promise.all([params, searchParams]);
  const info = await loadClass(caenCode);
  if (!info) notFound();
  const order = parseOrder(sp.ordine);
  const first = await getCompaniesByCaen(info.Code, 1, PAGE_SIZES.caenCompanies, order);
  const path = caenPath(info.Code);
  return (
    <PageContainer>
      <PageHeader
        breadcrumbs={
          <Breadcrumbs
            currentPath={path}
            items={[
              { text: 'Acasă', path: '/' },
              { text: 'Coduri CAEN', path: '/Coduri-caen' },
              { text: `CAEN ${info.Code}`, path },
            ]}
          />
        }
        title={`CAEN ${info.Code} – ${info.Name}`}
        description="Firmele care au această clasă drept activitate principală."
      />
      <nav aria-label="Locul în clasificare" className="mb-6 rounded-lg border bg-subtle p-4 text-sm">
        <ol className="flex flex-col gap-1">
          <li>
            <span className="text-muted-foreground">Secțiunea </span>
            <span className="font-semibold">{info.Section.Code}</span> – {info.Section.Name}
          </li>
          <li className="pl-3">
            <span className="text-muted-foreground">Diviziunea </span>
            <span className="font-semibold">{info.Division.Code}</span> – {info.Division.Name}
          </li>
          <li className="pl-6">
            <span className="text-muted-foreground">Grupa </span>
            <span className="font-semibold">{info.Group.Code}</span> – {info.Group.Name}
          </li>
          <li className="pl-9">
            <span className="text-muted-foreground">Clasa </span>
            <span className="font-semibold">{info.Code}</span> – {info.Name}
          </li>
        </ol>
        {info.Rev3.length > 0 ? (
          <p className="mt-3 border-t pt-3">
            <span className="text-muted-foreground">Corespondență CAEN Rev.3: </span>
            {info.Rev3.map((r, i) => (
              <span key={r.Code}>
                {i > 0 ? '; ' : ''}
                <span className="font-semibold">{r.Code}</span> – {r.Name}
              </span>
            ))}
          </p>
        ) : null}
        <p className="mt-3">
          <Link href="/Coduri-caen" className="text-primary hover:underline">
            Toate codurile CAEN
          </Link>
        </p>
      </nav>
      <h2 className="mb-3 text-xl font-semibold">Firme cu activitatea principală CAEN {padCaenCode(info.Code)}</h2>
      <CaenCompanies code={info.Code} initial={first} initialOrder={order} pageSize={PAGE_SIZES.caenCompanies} />
    </PageContainer>
  );
}
