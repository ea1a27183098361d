import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageContainer } from '@/components/layout/page-container';
import { ExternalReturn } from '@/components/auth/external-return';

export const metadata: Metadata = { robots: { index: false } };

/** Return point of the provider sign-in redirects. */
export default function MicrosoftLoginPage() {
  return (
    <PageContainer className="flex min-h-[50vh] max-w-lg items-center justify-center">
      <h1 className="sr-only">Autentificare</h1>
      <Suspense>
        <ExternalReturn />
      </Suspense>
    </PageContainer>
  );
}
