// The courts' portal client against its stand-in (CautareDosare2): the SOAP call names the party,
// the shared rate spaces the queries, and a slow portal is a clear Romanian failure.
import { sql } from '@/server/kernel/db';
import { FiscalUnavailableError } from '@/server/fiscal/anaf-client';
import { COURTS_BUDGET_KEY, isInsolvencyCase, searchCourtCases } from '@/server/fiscal/courts';
import { startCourtsStandIn, type CourtsStandIn } from '../stand-ins/courts-portal';

let portal: CourtsStandIn;
beforeAll(async () => {
  portal = await startCourtsStandIn();
  portal.cases.set('GAMA CONSTRUCT SRL', [
    { numar: '900/3/2026', data: '2026-05-05', institutie: 'TribunalulBUCURESTI', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'deschiderea procedurii insolvenței', parti: [{ nume: 'GAMA CONSTRUCT SRL', calitateParte: 'Debitor' }], sedinte: [] },
  ]);
});
afterAll(async () => {
  await portal.close();
  await sql(`DELETE FROM remote_call_slot WHERE key = $1`, [COURTS_BUDGET_KEY]);
});

it('finds the cases of a party, one query at a time in the shared rate', async () => {
  const [a, b] = await Promise.all([
    searchCourtCases('GAMA CONSTRUCT SRL', { url: portal.url, intervalMs: 500 }),
    searchCourtCases('NIMENI SRL', { url: portal.url, intervalMs: 500 }),
  ]);
  expect(a.map((c) => [c.number, isInsolvencyCase(c)])).toEqual([['900/3/2026', true]]);
  expect(b).toEqual([]);
  expect(portal.calls.map((c) => c.soapAction)).toEqual(['"portalquery.just.ro/CautareDosare2"', '"portalquery.just.ro/CautareDosare2"']);
  expect(Math.abs(portal.calls[1].at - portal.calls[0].at)).toBeGreaterThanOrEqual(480);
});

it('a slow portal is a Romanian failure, not a hang', async () => {
  portal.delayMs = 3000;
  const t = Date.now();
  const r = searchCourtCases('GAMA CONSTRUCT SRL', { url: portal.url, intervalMs: 50, timeoutMs: 500 });
  await expect(r).rejects.toThrow(FiscalUnavailableError);
  await expect(r).rejects.toThrow('Portalul instanțelor nu a răspuns la timp.');
  expect(Date.now() - t).toBeLessThan(2500);
});
