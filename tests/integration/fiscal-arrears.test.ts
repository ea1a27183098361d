// The tax-arrears importer's interface (decision 099): a list is stored per date and category, a
// company newly listed becomes an "arrears" change, and one listed again in the next quarter does not.
import { sql } from '@/server/kernel/db';
import { importArrearsList } from '@/server/fiscal/arrears';
import { createCompany } from '../factories/companies';

afterAll(async () => {
  await sql(`DELETE FROM import_run WHERE file_key LIKE 'anaf-arrears:1999-%'`);
  await sql(`DELETE FROM tax_arrears_list WHERE list_date < '2000-01-01'`);
});

it('stores the list, sums budgets per company, and tells only the newly listed', async () => {
  const a = await createCompany();
  const b = await createCompany();
  const first = await importArrearsList({
    listDate: '1999-03-31',
    category: 'mici',
    source: 'test',
    rows: [
      { cui: a.cui, budget: 'stat', principal: 120_000, accessories: 5_000 },
      { cui: a.cui, budget: 'sanatate', principal: 1_000, accessories: 0 },
      { cui: 2_147_483_000, budget: 'stat', principal: 1, accessories: 0 },
    ],
  });
  expect(first).toEqual({ companies: 1, newlyListed: 1 });
  const second = await importArrearsList({
    listDate: '1999-06-30',
    category: 'mici',
    source: 'test',
    rows: [
      { cui: a.cui, budget: 'stat', principal: 90_000, accessories: 9_000 },
      { cui: b.cui, budget: 'stat', principal: 40_000, accessories: 0 },
    ],
  });
  expect(second).toEqual({ companies: 2, newlyListed: 1 });
  const changes = await sql<{ cui: number; new_value: string }>(`SELECT cui, new_value FROM company_change WHERE kind = 'arrears' AND cui = ANY($1) ORDER BY id`, [[a.cui, b.cui]]);
  expect(changes).toEqual([
    { cui: a.cui, new_value: '126.000 lei (lista din 1999-03-31)' },
    { cui: b.cui, new_value: '40.000 lei (lista din 1999-06-30)' },
  ]);
  await expect(importArrearsList({ listDate: '30.06.1999', category: 'mici', source: 't', rows: [] })).rejects.toThrow(/nu este o dată/);
});
