// `npm run fiscal:import-arrears -- <fișier.csv|xlsx> [--data AAAA-LL-ZZ] [--categorie mari|mijlocii|mici]`:
// imports one of ANAF's lists of debtors with tax arrears in the layout of docs/guide/fiscal-checks.md, "Tax arrears"
// (decision 108) into the database of DATABASE_URL. The list replaces one of the same date and
// category; each company newly listed in its category becomes a monitoring event ("listed with
// arrears") that the fan-out below sends to its followers now.
import { readFileSync } from 'node:fs';
import { closeDb } from '../../server/kernel/db';
import { importArrearsList, type ArrearsCategory } from '../../server/fiscal/arrears';
import { radarFirmeArrearsParser } from '../../server/fiscal/arrears-file';
import { fanOutPendingRuns } from '../../server/watch/fanout';

const USAGE = `Utilizare: npm run fiscal:import-arrears -- <fișier.csv sau .xlsx> [--data AAAA-LL-ZZ] [--categorie mari|mijlocii|mici]
  Formatul fișierului: docs/guide/fiscal-checks.md, secțiunea „Tax arrears”. Data și categoria se iau din numele fișierului
  (restante-mari-2026-09-30.csv) când nu sunt date.`;

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const listDate = flag('--data');
  const category = flag('--categorie');
  const [file] = args.filter((a) => !a.startsWith('--'));
  if (!file || !radarFirmeArrearsParser.accepts(file)) {
    console.error(USAGE);
    process.exit(2);
  }
  if (listDate && !/^\d{4}-\d{2}-\d{2}$/.test(listDate)) throw new Error('--data trebuie să fie AAAA-LL-ZZ');
  if (category && !['mari', 'mijlocii', 'mici'].includes(category)) throw new Error('--categorie trebuie să fie mari, mijlocii sau mici');
  const list = await radarFirmeArrearsParser.parse(file, readFileSync(file), { listDate, category: category as ArrearsCategory | undefined });
  const r = await importArrearsList(list);
  const fanned = await fanOutPendingRuns();
  console.log(`Lista din ${list.listDate} (${list.category}): ${list.rows.length} sume citite, ${r.companies} firme cunoscute, ${r.newlyListed} nou listate; notificările urmăritorilor: ${fanned.runs.length} rulări trimise.`);
}

main()
  .catch((e) => {
    console.error(`Eroare: ${(e as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
