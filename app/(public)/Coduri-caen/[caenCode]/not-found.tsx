import Link from 'next/link';
import { Button } from '@/components/ui/button';

export default function CaenNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Codul CAEN nu există</h1>
      <p className="text-muted-foreground">Codul căutat nu face parte din clasificarea CAEN Rev.2. Alegeți o clasă din nomenclator.</p>
      <Button asChild>
        <Link href="/Coduri-caen">Coduri CAEN</Link>
      </Button>
    </div>
  );
}
