'use client';

// The last resort when the root layout itself fails: it replaces the whole document, so it
// brings its own <html> and <body>, and plain links instead of the (failed) shell.
import './globals.css';

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="ro">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <title>Eroare · RadarFirme</title>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">RadarFirme</p>
        <h1 className="text-3xl font-bold tracking-tight">A apărut o eroare</h1>
        <p className="max-w-md text-muted-foreground">Site-ul nu a putut fi afișat. Încercați din nou peste câteva momente.</p>
        {error.digest ? <p className="text-xs text-muted-foreground">Cod eroare: {error.digest}</p> : null}
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={() => retry()}
            className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Încearcă din nou
          </button>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload: the app shell failed */}
          <a href="/" className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium">
            Acasă
          </a>
        </div>
      </body>
    </html>
  );
}
