'use client';

// What app/global-error.tsx shows when a page or the root layout throws: a Romanian message, the
// error's digest (to find it in the server log), a retry and a plain link home (a full reload,
// since the app shell may be what failed). There is deliberately no app/error.tsx: a root error
// boundary cost 100-200 ms of Total Blocking Time on the company page (decision 010).
import { Button, buttonVariants } from '@/components/ui/button';

export function ErrorScreen({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">RadarFirme</p>
      <h1 className="text-3xl font-bold tracking-tight">A apărut o eroare</h1>
      <p className="max-w-md text-muted-foreground">Pagina nu a putut fi afișată. Încercați din nou peste câteva momente.</p>
      {digest ? <p className="text-xs text-muted-foreground">Cod eroare: {digest}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>Încearcă din nou</Button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload: the app shell may have failed */}
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Acasă
        </a>
      </div>
    </main>
  );
}
