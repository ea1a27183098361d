// `npm run fiscal:import-arrears -- <fișier.csv|xlsx> [--data AAAA-LL-ZZ] [--categorie mari|mijlocii|mici]`:
// imports one of ANAF's lists of debtors with tax arrears in the layout of docs/guide/fiscal-checks.md, "Tax arrears"
// (decision 108) into the database of DATABASE_URL, through the same importer as the Admin's upload
// (importArrearsFile, decision 115). The list replaces one of the same date and category; each
// company newly listed in its category becomes a monitoring event sent to its followers now.
import { readFileSync } from 'node:fs';
import { closeDb } from '../../server/kernel/db';
import type { ArrearsCategory } from '../../server/fiscal/arrears';
import { importArrearsFile } from '../../server/fiscal/arrears-import';
import { radarFirmeArrearsParser } from '../../server/fiscal/arrears-file';
import { checkDataDate, takeFlag } from '../import/args';

const USAGE = `Utilizare: npm run fiscal:import-arrears -- <fișier.csv sau .xlsx> [--data AAAA-LL-ZZ] [--categorie mari|mijlocii|mici]
  Formatul fișierului: docs/guide/fiscal-checks.md, secțiunea „Tax arrears”. Data și categoria se iau din numele fișierului
  (restante-mari-2026-09-30.csv) când nu sunt date. Administratorii pot încărca lista și din aplicație (/Liste-datorii-ANAF).`;

async function main() {
  const args = process.argv.slice(2);
  const listDate = takeFlag(args, '--data');
  const category = takeFlag(args, '--categorie');
  const [file] = args.filter((a) => !a.startsWith('--'));
  if (!file || !radarFirmeArrearsParser.accepts(file)) {
    console.error(USAGE);
    process.exit(2);
  }
  checkDataDate(listDate);
  if (category && !['mari', 'mijlocii', 'mici'].includes(category)) throw new Error('--categorie trebuie să fie mari, mijlocii sau mici');
  const r = await importArrearsFile(file, readFileSync(file), { listDate, category: category as ArrearsCategory | undefined });
  console.log(
    `Lista din ${r.ListDate} (${r.Category}): ${r.CompaniesInFile} firme în fișier, ${r.AmountsRead} sume citite, ${r.CompaniesMatched} firme cunoscute, ${r.NewlyListed} nou listate; notificările urmăritorilor: ${r.RunsNotified} rulări trimise.`,
  );
}

main()
  .catch((e) => {
    console.error(`Eroare: ${(e as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
