// Company builder of the integration tests: a company row with the facts a test needs (CAEN
// class, employees, turnover…), a valid CUI (check digit as lib/cui.ts computes it) in a range the
// generated data set never uses. Every company made here is removed after its test file
// (tests/integration/setup.ts calls deleteCreatedCompanies); rows that hang off a company go by
// cascade.
import { sql } from '@/server/kernel/db';
import { appendCuiCheckDigit } from '@/lib/cui';

type TestCompany = { cui: number; name: string };

const created = new Set<number>();
let next = 0;

/** CUIs from 190000000x on: 9-digit bodies far above the generated set's CUIs. */
function freshCui(): number {
  const body = 190_000_000 + ((process.pid % 1000) * 10_000) + (next++ % 10_000);
  return Number(appendCuiCheckDigit(body));
}

export async function createCompany(
  opts: { name?: string; caenCode?: string | null; employees?: number; turnover?: number; profit?: number; countyId?: number | null; isActive?: boolean } = {},
): Promise<TestCompany> {
  const cui = freshCui();
  const name = opts.name ?? `FIRMA DE TEST ${cui} SRL`;
  await sql(
    `INSERT INTO company (cui, name, caen_code, employees, turnover, profit, county_id, is_active, full_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Str. Testului 1')`,
    [cui, name, opts.caenCode ?? null, opts.employees ?? 0, opts.turnover ?? 0, opts.profit ?? 0, opts.countyId ?? null, opts.isActive ?? true],
  );
  created.add(cui);
  return { cui, name };
}

/** Removes every company this module made in the current test file that is still there. */
export async function deleteCreatedCompanies(): Promise<void> {
  const cuis = [...created];
  created.clear();
  if (cuis.length) await sql('DELETE FROM company WHERE cui = ANY($1::int[])', [cuis]);
}
