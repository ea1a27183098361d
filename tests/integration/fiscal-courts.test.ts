// The courts' portal client against its stand-in (CautareDosare2): the SOAP call names the party,
// the shared rate spaces the queries, and a slow portal is a clear Romanian failure.
import { sql } from '@/server/kernel/db';
import { FiscalUnavailableError } from '@/server/fiscal/anaf-client';
import { COURTS_BUDGET_KEY, isInsolvencyCase, searchCourtCases } from '@/server/fiscal/courts';
import { startCourtsStandIn, type CourtsStandIn } from '../stand-ins/courts-portal';
import { getCourtCases, refreshCourtCases } from '@/server/fiscal/court-cases';
import { fanOutPendingRuns } from '@/server/watch/fanout';
import { createCompany } from '../factories/companies';
import { createUser } from '../factories/users';

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

describe('stored court cases and their monitoring event', () => {
  it('a followed company: cases stored with its role and insolvency flagged; a new case tells the follower', async () => {
    const company = await createCompany({ name: 'DELTA LITIGII SRL' });
    const follower = await createUser();
    await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [follower.id, company.cui]);
    const insolvency = { numar: '77/3/2026', data: '2026-02-01', institutie: 'TribunalulBUCURESTI', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'procedura insolvenței', parti: [{ nume: 'Delta Litigii S.R.L.', calitateParte: 'Debitor' }], sedinte: [{ data: '2099-01-10', ora: '09:00', solutie: '' }] };
    const other = { numar: '5/2/2026', data: '2026-01-05', institutie: 'CurteadeApelBUCURESTI', categorieCaz: 'Civil', stadiuProcesual: 'Apel', obiect: 'pretenții', parti: [{ nume: 'ALTCINEVA SRL', calitateParte: 'Apelant' }], sedinte: [] };
    portal.delayMs = 0;
    portal.cases.set(company.name, [insolvency, other]);
    const opts = { url: portal.url, intervalMs: 50 };
    expect(await refreshCourtCases(company.cui, opts)).toEqual({ added: 0, error: null });
    const shown = await getCourtCases(company.cui);
    expect(shown.Cases).toEqual([
      { Number: '77/3/2026', Court: 'TribunalulBUCURESTI', CaseDate: '2026-02-01', Object: 'procedura insolvenței', Stage: 'Fond', Role: 'Debitor', NextHearing: '2099-01-10', IsInsolvency: true },
    ]);
    expect(shown.CheckedAt).not.toBeNull();

    portal.cases.set(company.name, [insolvency, { ...other, numar: '9/2/2026', parti: [{ nume: 'DELTA LITIGII SRL', calitateParte: 'Intimat' }] }]);
    expect(await refreshCourtCases(company.cui, opts)).toEqual({ added: 1, error: null });
    await fanOutPendingRuns();
    const notes = await sql<{ kind: string; new_value: string }>(
      `SELECT n.kind, c.new_value FROM notification n JOIN company_change c ON c.id = n.change_id WHERE n.user_id = $1 AND c.cui = $2`,
      [follower.id, company.cui],
    );
    expect(notes).toEqual([{ kind: 'court_case', new_value: '9/2/2026, CurteadeApelBUCURESTI: pretenții (Intimat)' }]);

    const goodAt = (await getCourtCases(company.cui)).CheckedAt;
    portal.delayMs = 3000;
    const failed = await refreshCourtCases(company.cui, { ...opts, timeoutMs: 300 });
    portal.delayMs = 0;
    expect(failed.error).toBe('Portalul instanțelor nu a răspuns la timp.');
    const kept = await getCourtCases(company.cui);
    // The last good answer stays, with the reason the newer lookup failed.
    expect([kept.Cases.length, kept.CheckedAt, kept.Error]).toEqual([2, goodAt, 'Portalul instanțelor nu a răspuns la timp.']);
    await sql(`DELETE FROM import_run WHERE id IN (SELECT run_id FROM company_change WHERE cui = $1)`, [company.cui]);
  });
});
