// `npm run import -- onrc|mf|sicap|eu <file or folder> [options]`: loads the official open data
// into the database of DATABASE_URL (docs/decisions/024-official-data-import.md, README "Date
// oficiale (import)"). Ctrl+C stops after the current batch; the same command continues the run.
import { checkDataDate, takeFlag } from './args';
import { runImport, type Importer, type RunOptions, type Source } from './engine';
import { makeEuImporter } from './eu';
import { makeMfImporter } from './mf';
import { makeOnrcImporter } from './onrc';
import { makeSicapImporter } from './sicap';

const USAGE = `Utilizare: npm run import -- <sursă> <fișier sau dosar> [opțiuni]
  sursă: onrc | mf | sicap | eu
  --data AAAA-LL-ZZ     data datelor (implicit: data din numele pachetului sau a fișierului)
  --an AAAA             anul situațiilor financiare (mf; implicit din numele fișierului, …AN2023…)
  --respinse <fișier>   unde se scriu rândurile respinse (implicit import-<sursă>-<nr>-respinse.csv)
  --recalculare-completa  recalculează toate datele derivate, nu doar pentru firmele modificate
  --fortat              reia și fișiere identice cu un import terminat (altfel nu se schimbă nimic)
  --incarcare-initiala  renunță la indecșii tabelei firmelor pe durata încărcării și îi reface la final, chiar
                        dacă tabela are deja firme (implicit doar într-o tabelă goală: una servită de aplicație
                        își păstrează toți indecșii)`;

export function makeImporter(source: Source, opts: { year?: number } = {}): Importer {
  switch (source) {
    case 'onrc':
      return makeOnrcImporter();
    case 'mf':
      return makeMfImporter(opts);
    case 'sicap':
      return makeSicapImporter();
    case 'eu':
      return makeEuImporter();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => takeFlag(args, name);
  const date = flag('--data');
  const year = flag('--an');
  const rejects = flag('--respinse');
  const full = args.includes('--recalculare-completa');
  // one JSON line with the run's result at the end (the benchmark reads it)
  const json = args.includes('--json');
  const force = args.includes('--fortat');
  const bulk = args.includes('--incarcare-initiala') ? true : 'auto';
  const [source, input] = args.filter((a) => !a.startsWith('--'));
  if (!source || !input || !['onrc', 'mf', 'sicap', 'eu'].includes(source)) {
    console.error(USAGE);
    process.exit(2);
  }
  checkDataDate(date);
  const controller = new AbortController();
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(130);
    console.error('\nSe oprește după lotul curent… (rulați aceeași comandă pentru a continua)');
    controller.abort();
  });
  const opts: RunOptions = { dataDate: date, rejectsFile: rejects, signal: controller.signal, refresh: full ? 'full' : 'auto', force, bulk, quiet: json };
  const importer = makeImporter(source as Source, { year: year ? Number(year) : undefined });
  try {
    // read here, not at load: the benchmark sets DATABASE_URL after importing this module
    const { env } = await import('../../server/kernel/env');
    const result = await runImport(env.DATABASE_URL, importer, input, opts);
    if (json) console.log(JSON.stringify(result));
  } catch (e) {
    if (controller.signal.aborted) {
      console.error('Import întrerupt. Rulați aceeași comandă pentru a continua de la ultimul punct de control.');
      process.exit(130);
    }
    throw e;
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`Eroare: ${(e as Error).message}`);
    process.exit(1);
  });
}
