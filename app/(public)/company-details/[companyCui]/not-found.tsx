import Link from 'next/link';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

export default function CompanyNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
        <SearchX className="size-8" />
      </span>
      <h1 className="text-2xl font-bold">Compania nu a fost găsită</h1>
      <p className="text-muted-foreground">Nu există nicio companie cu acest CUI în baza noastră de date. Verificați codul sau căutați compania după nume.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href="/Cautare-avansata">Căutare avansată</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Pagina principală</Link>
        </Button>
      </div>
    </div>
  );
}
