'use client';

// The error page of every route below the root layout (header and footer stay): a server
// component or a client component that throws shows this, in Romanian, instead of Next's
// English default. `retry` refetches the segment from the server and renders it again.
import * as React from 'react';
import Link from 'next/link';
import { PageContainer } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';

export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  React.useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <PageContainer className="flex flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Eroare</p>
      <h1 className="text-3xl font-bold tracking-tight">A apărut o eroare</h1>
      <p className="max-w-md text-muted-foreground">
        Pagina nu a putut fi afișată. Încercați din nou peste câteva momente.
      </p>
      {error.digest ? <p className="text-xs text-muted-foreground">Cod eroare: {error.digest}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => retry()}>Încearcă din nou</Button>
        <Button asChild variant="outline">
          <Link href="/">Acasă</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
