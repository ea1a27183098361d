'use client';

// Every unhandled error of a page or of the root layout ends here (there is no app/error.tsx, see
// components/layout/error-screen.tsx): it replaces the whole document, so it brings <html> and <body>.
import * as React from 'react';
import { ErrorScreen } from '@/components/layout/error-screen';
import './globals.css';

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  React.useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="ro">
      <body>
        <title>Eroare · RadarFirme</title>
        <ErrorScreen digest={error.digest} onRetry={retry} />
      </body>
    </html>
  );
}
