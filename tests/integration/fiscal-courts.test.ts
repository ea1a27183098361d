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
import { env } from '@/server/kernel/env';
import { POST as lookUpRoute } from '@/app/api/Fiscal/lookUpCourtCases/route';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf } from './support/authz';

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
      { Number: '77/3/2026', Court: 'TribunalulBUCURESTI', CaseDate: '2026-02-01', Object: 'procedura insolvenței', Stage: 'Fond', Role: 'Debitor', Match: 'name', NextHearing: '2099-01-10', IsInsolvency: true },
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

describe('court cases on demand and how a case is matched (decision 108)', () => {
  it('a case carrying the company\'s CUI is matched by CUI; a namesake with another CUI is left out; a stored namesake case leaves', async () => {
    const company = await createCompany({ name: 'OMEGA NUME COMUN SRL' });
    portal.delayMs = 0;
    const byCui = { numar: '11/3/2026', data: '2026-04-01', institutie: 'TribunalulBUCURESTI', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'procedura insolvenței', parti: [{ nume: `Omega Nume Comun S.R.L. - CUI ${company.cui}`, calitateParte: 'Debitor' }], sedinte: [] };
    const namesake = { numar: '12/1285/2026', data: '2026-04-02', institutie: 'TribunalulSpecializatCLUJ', categorieCaz: 'Civil', stadiuProcesual: 'Fond', obiect: 'pretenții', parti: [{ nume: `OMEGA NUME COMUN SRL (CIF RO${company.cui + 1})`, calitateParte: 'Pârât' }], sedinte: [] };
    const byName = { numar: '13/299/2026', data: '2026-04-03', institutie: 'JudecatoriaSECTORUL1BUCURESTI', categorieCaz: 'Civil', stadiuProcesual: 'Fond', obiect: 'somație de plată', parti: [{ nume: 'OMEGA NUME COMUN SRL', calitateParte: 'Creditor' }], sedinte: [] };
    // Before the rule, a namesake's case had been stored by name.
    await sql(`INSERT INTO court_case (cui, number, court, object, stage, category, role) VALUES ($1, '12/1285/2026', 'TribunalulSpecializatCLUJ', 'pretenții', 'Fond', 'Civil', 'Pârât')`, [company.cui]);
    portal.cases.set(company.name, [byCui, namesake, byName]);
    expect(await refreshCourtCases(company.cui, { url: portal.url, intervalMs: 50 })).toEqual({ added: 0, error: null });
    const shown = await getCourtCases(company.cui);
    expect(shown.Cases.map((c) => [c.Number, c.Match, c.Role, c.IsInsolvency])).toEqual([
      ['11/3/2026', 'cui', 'Debitor', true],
      ['13/299/2026', 'name', 'Creditor', false],
    ]);
  });

  it('"Caută dosare": signed in only, any company (followed or not), limited per user; an unknown company is a 404', async () => {
    const who = await makeActors();
    const before = { url: env.COURTS_PORTAL_URL, limit: env.COURTS_LOOKUP_NOW_PER_HOUR, interval: env.COURTS_CALL_INTERVAL_MS };
    const e = env as { COURTS_PORTAL_URL?: string; COURTS_LOOKUP_NOW_PER_HOUR: number; COURTS_CALL_INTERVAL_MS: number };
    Object.assign(e, { COURTS_PORTAL_URL: portal.url, COURTS_LOOKUP_NOW_PER_HOUR: 1, COURTS_CALL_INTERVAL_MS: 50 });
    try {
      const company = await createCompany({ name: 'SIGMA NEURMARITA SRL' });
      portal.delayMs = 0;
      portal.cases.set(company.name, [{ numar: '21/3/2026', data: '2026-06-01', institutie: 'TribunalulBUCURESTI', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'procedura insolvenței', parti: [{ nume: company.name, calitateParte: 'Debitor' }], sedinte: [] }]);
      expect((await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: company.cui } })).status).toBe(401);
      const token = await tokenOf(who.owner);
      const first = await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: company.cui }, token });
      expect(first.status).toBe(200);
      expect(first.body.Message).toBe('Dosarele au fost căutate pe portalul instanțelor: 1 dosar.');
      expect(first.body.Courts.Cases).toEqual([expect.objectContaining({ Number: '21/3/2026', Match: 'name', IsInsolvency: true })]);
      const limited = await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: company.cui }, token });
      expect(limited.status).toBe(429);
      expect(limited.body.Message).toMatch(/^Ați căutat dosarele multor firme\. Încercați din nou peste \d+ minute\.$/);
      // Another user has a limit of their own; an unknown company is a 404, a bad CUI a 400.
      expect((await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: company.cui }, token: await tokenOf(who.other) })).status).toBe(200);
      expect((await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: 2_147_483_000 }, token: await tokenOf(who.admin) })).status).toBe(404);
      const bad = await call(lookUpRoute, '/api/Fiscal/lookUpCourtCases', { body: { Cui: 'abc' }, token: await tokenOf(who.admin) });
      expect([bad.status, JSON.stringify(bad.body).includes('CUI invalid.')]).toEqual([400, true]);
    } finally {
      Object.assign(e, { COURTS_PORTAL_URL: before.url, COURTS_LOOKUP_NOW_PER_HOUR: before.limit, COURTS_CALL_INTERVAL_MS: before.interval });
      await sql(`DELETE FROM rate_limit WHERE key LIKE 'courts-now:%'`);
      await dropActors(who);
    }
  });
});
