'use client';

// What app/global-error.tsx shows when a page or the root layout throws: a Romanian message, the
// error's digest (to find it in the server log), a retry and a plain link home (a full reload,
// since the app shell may be what failed). There is deliberately no app/error.tsx: a root error
// boundary cost 100-200 ms of Total Blocking Time on the company page (decision 010).
export function ErrorScreen({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">RadarFirme</p>
      <h1 className="text-3xl font-bold tracking-tight">A apărut o eroare</h1>
      <p className="max-w-md text-muted-foreground">Pagina nu a putut fi afișată. Încercați din nou peste câteva momente.</p>
      {digest ? <p className="text-xs text-muted-foreground">Cod eroare: {digest}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Încearcă din nou
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload: the app shell may have failed */}
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Acasă
        </a>
      </div>
    </main>
  );
}
