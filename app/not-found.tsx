import Link from 'next/link';
import { PageContainer } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';

export default function NotFound() {
  return (
    <PageContainer className="flex flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Eroare 404</p>
      <h1 className="text-3xl font-bold tracking-tight">Pagina nu a fost găsită</h1>
      <p className="max-w-md text-muted-foreground">
        Adresa pe care ați deschis-o nu există sau a fost mutată. Căutați firma după nume sau CUI.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href="/">Acasă</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/Cautare-avansata">Căutare avansată</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
