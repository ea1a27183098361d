import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { PageContainer } from '@/components/layout/page-container';
import { env } from '@/server/kernel/env';
import { UiKitShowcase } from './showcase';

export const metadata: Metadata = {
  title: 'Kit de interfață',
  description: 'Componentele de interfață RadarFirme (pagină internă pentru dezvoltare).',
  robots: { index: false, follow: false },
};

/** A page for developers: a production build answers 404, as it does for /dev/mailbox. */
export default function UiKitPage() {
  if (env.NODE_ENV === 'production') notFound();
  return (
    <>
      <Suspense fallback={<Spinner className="m-8" />}>
        <UiKitShowcase />
      </Suspense>
      {/* Rendered by this Server Component: these components need no client boundary. */}
      <PageContainer className="pt-0">
        <section aria-labelledby="server" className="border-t py-8">
          <h2 id="server" className="mb-5 text-xl font-semibold tracking-tight">
            Randare pe server
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Componente fără JavaScript</CardTitle>
                <CardDescription>Button (cu asChild), Card, Badge, Spinner și EmptyState merg în Server Components.</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap items-center gap-3">
                <Button asChild>
                  <Link href="/Coduri-caen">Coduri CAEN</Link>
                </Button>
                <Badge variant="success">Activă</Badge>
                <Spinner size="sm" label="Se încarcă exemplul" />
              </CardContent>
            </Card>
            <EmptyState compact />
          </div>
        </section>
      </PageContainer>
    </>
  );
}
