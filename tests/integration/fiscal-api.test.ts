// The fiscal-check endpoints (decision 098) on real PostgreSQL and the ANAF stand-in: the stored
// check, "Verifică acum" (signed in, limited per user, a clear message when ANAF fails), and bulk
// checks (owner only, checked by the worker, an XLSX report).
import ExcelJS from 'exceljs';
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { AnafVatClient, ANAF_BUDGET_KEY, useAnafClient } from '@/server/fiscal/anaf-client';
import { processBulkJobs } from '@/server/fiscal/bulk';
import { GET as getCheck } from '@/app/api/Fiscal/getFiscalCheck/route';
import { POST as checkNowRoute } from '@/app/api/Fiscal/checkNow/route';
import { POST as createBulk } from '@/app/api/Fiscal/createBulkCheck/route';
import { GET as getBulk } from '@/app/api/Fiscal/getBulkCheck/route';
import { GET as getReport } from '@/app/api/Fiscal/getBulkCheckReport/route';
import { GET as listBulk } from '@/app/api/Fiscal/getBulkChecks/route';
import { POST as createFromSearch } from '@/app/api/Fiscal/createBulkCheckFromSearch/route';
import { isOwnBulkJob, ownBulkJobSql } from '@/server/fiscal/policy';
import { actorOf } from './support/rule-forms';
import { demoFacts, startAnafStandIn, type AnafStandIn } from '../stand-ins/anaf-vat';
import { createCompany } from '../factories/companies';
import { addCompany, createGroup } from '../factories/groups';
import { call, fromAddress, randomIp } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';

jest.setTimeout(60_000);

let standIn: AnafStandIn;
let who: Actors;
const limitBefore = env.FISCAL_CHECK_NOW_PER_HOUR;

beforeAll(async () => {
  standIn = await startAnafStandIn();
  useAnafClient(new AnafVatClient({ url: standIn.url, intervalMs: 100, timeoutMs: 2000, retries: 0, breaker: { failures: 100, cooldownMs: 1000 } }));
  who = await makeActors();
  (env as { FISCAL_CHECK_NOW_PER_HOUR: number }).FISCAL_CHECK_NOW_PER_HOUR = 2;
});
afterAll(async () => {
  (env as { FISCAL_CHECK_NOW_PER_HOUR: number }).FISCAL_CHECK_NOW_PER_HOUR = limitBefore;
  useAnafClient(null);
  await standIn.close();
  await sql(`DELETE FROM remote_call_slot WHERE key = $1`, [ANAF_BUDGET_KEY]);
  await sql(`DELETE FROM rate_limit WHERE key LIKE 'fiscal-now:%'`);
  await dropActors(who);
});

describe('GET /api/Fiscal/getFiscalCheck and POST /api/Fiscal/checkNow', () => {
  it('null before a check; Verifică acum is for signed-in users, checks at ANAF and is limited per user', async () => {
    const { cui } = await createCompany();
    const before = await call(getCheck, `/api/Fiscal/getFiscalCheck?cui=${cui}`);
    expect([before.status, before.body]).toEqual([200, null]);
    expect((await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: cui } })).status).toBe(401);

    const token = await tokenOf(who.owner);
    const first = await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: cui }, token });
    expect(first.status).toBe(200);
    expect(first.body.Message).toBe('Datele fiscale au fost verificate la ANAF.');
    expect(first.body.Check).toMatchObject({ Cui: cui, Found: true, VatPayer: demoFacts(cui).vatPayer, Error: null, IsStale: false });
    const after = await call(getCheck, `/api/Fiscal/getFiscalCheck?cui=${cui}`);
    expect(after.body.CheckedAt).toBe(first.body.Check.CheckedAt);

    standIn.mode = 'fail';
    const failed = await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: cui }, token });
    standIn.mode = 'ok';
    expect(failed.status).toBe(200);
    expect(failed.body.Message).toMatch(/^Verificarea nu a putut fi făcută acum: Serviciul ANAF a răspuns cu o eroare \(HTTP 500\)\./);
    expect(failed.body.Check.CheckedAt).toBe(first.body.Check.CheckedAt);
    expect(await sql(`SELECT 1 FROM fiscal_refresh_request WHERE cui = $1`, [cui])).toHaveLength(1);

    const limited = await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: cui }, token });
    expect(limited.status).toBe(429);
    expect(limited.body.Message).toMatch(/^Ați făcut multe verificări la ANAF\. Încercați din nou peste \d+ minute\.$/);
    // Another user has a limit of their own.
    expect((await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: cui }, token: await tokenOf(who.other) })).status).toBe(200);
  });

  it('bad input is a 400 with a Romanian message, an unknown company a 404', async () => {
    const bad = await call(getCheck, '/api/Fiscal/getFiscalCheck?cui=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('CUI invalid.');
    const missing = await call(checkNowRoute, '/api/Fiscal/checkNow', { body: { Cui: 2_147_483_000 }, token: await tokenOf(who.admin) });
    expect(missing.status).toBe(404);
  });
});

describe('bulk checks', () => {
  it('a CUI list: the owner only sees it; the worker checks it; the XLSX report lists each company', async () => {
    const a = await createCompany({ name: 'ALFA VERIFICARE SRL' });
    const b = await createCompany({ name: 'BETA VERIFICARE SRL' });
    const token = await tokenOf(who.owner);
    const created = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { Cuis: [a.cui, `RO${b.cui}`, 2_147_483_000] }, token });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ Source: 'list', Status: 'queued', Total: 2, Done: 0 });
    const id = created.body.Id as number;
    expect(await statusesAs(who, () => ({ handler: getBulk, path: `/api/Fiscal/getBulkCheck?id=${id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });

    standIn.calls.length = 0;
    await processBulkJobs({ timeBudgetMs: 20_000 });
    expect(standIn.calls.some((c) => c.cuis.includes(a.cui) && c.cuis.includes(b.cui))).toBe(true);
    const done = await call(getBulk, `/api/Fiscal/getBulkCheck?id=${id}`, { token });
    expect(done.body).toMatchObject({ Status: 'done', Total: 2, Done: 2, Failed: 0 });

    expect((await call(getReport, `/api/Fiscal/getBulkCheckReport?id=${id}`, { token: await tokenOf(who.other) })).status).toBe(404);
    const res = await getReport(
      new Request(`http://localhost:3000/api/Fiscal/getBulkCheckReport?id=${id}`, { headers: { authorization: `Bearer ${token}`, ...fromAddress(randomIp()) } }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Verificare ANAF')!;
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 5));
    expect(rows).toEqual(
      [a, b]
        .sort((x, y) => x.cui - y.cui)
        .map((c) => [String(c.cui), c.name, 'Da', demoFacts(c.cui).vatPayer ? 'Da' : 'Nu']),
    );
  });

  it('a group the user cannot read is a 404; neither or both of list and group a 400', async () => {
    const { cui } = await createCompany();
    const theirs = await createGroup(who.other);
    await addCompany(theirs, cui, who.other);
    const token = await tokenOf(who.owner);
    expect((await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { GroupId: theirs.id }, token })).status).toBe(404);
    const both = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { GroupId: theirs.id, Cuis: [cui] }, token });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Alegeți fie o listă de CUI-uri, fie un grup.');
    const empty = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { Cuis: [] }, token });
    expect(empty.status).toBe(400);
    const group = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { GroupId: theirs.id }, token: await tokenOf(who.other) });
    expect(group.body).toMatchObject({ Source: 'group', Total: 1 });
  });
});

describe('who sees a bulk check (server/fiscal/policy.ts, decision 108)', () => {
  it("the owner only: another user's ids and the Admin's are a 404, anonymous a 401, the list holds only one's own; the predicate and the SQL select the same jobs", async () => {
    const { cui } = await createCompany({ name: 'GAMA POLITICA SRL' });
    const mine = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { Cuis: [cui] }, token: await tokenOf(who.owner) });
    const theirs = await call(createBulk, '/api/Fiscal/createBulkCheck', { body: { Cuis: [cui] }, token: await tokenOf(who.other) });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const ids = [mine.body.Id as number, theirs.body.Id as number];
    expect(await statusesAs(who, () => ({ handler: getReport, path: `/api/Fiscal/getBulkCheckReport?id=${ids[0]}` }), ['anonymous', 'other', 'admin'])).toEqual({ anonymous: 401, other: 404, admin: 404 });
    expect(await statusesAs(who, () => ({ handler: getBulk, path: `/api/Fiscal/getBulkCheck?id=${ids[1]}` }))).toEqual({ anonymous: 401, other: 200, admin: 404, owner: 404 });
    const notFound = await call(getBulk, `/api/Fiscal/getBulkCheck?id=${ids[1]}`, { token: await tokenOf(who.owner) });
    expect(notFound.body.Message).toBe('Verificarea nu a fost găsită.');
    expect((await call(listBulk, '/api/Fiscal/getBulkChecks')).status).toBe(401);
    const listed = async (u: typeof who.owner) => ((await call(listBulk, '/api/Fiscal/getBulkChecks', { token: await tokenOf(u) })).body as Array<{ Id: number }>).map((j) => j.Id).filter((id) => ids.includes(id));
    expect({ owner: await listed(who.owner), other: await listed(who.other), admin: await listed(who.admin) }).toEqual({ owner: [ids[0]], other: [ids[1]], admin: [] });

    const rows = await sql<{ id: number; user_id: number }>(`SELECT id, user_id FROM fiscal_bulk_job WHERE id = ANY($1::int[])`, [ids]);
    for (const [name, user, admin] of [['owner', who.owner, false], ['other', who.other, false], ['admin', who.admin, true]] as const) {
      const actor = actorOf(user, admin);
      const byPredicate = rows.filter((r) => isOwnBulkJob(actor, { userId: r.user_id })).map((r) => r.id).sort();
      const bySql = (await sql<{ id: number }>(`SELECT j.id FROM fiscal_bulk_job j WHERE j.id = ANY($1::int[]) AND ${ownBulkJobSql('$2')} ORDER BY j.id`, [ids, user.id])).map((r) => r.id);
      expect([name, byPredicate]).toEqual([name, bySql]);
    }
    expect(rows.filter((r) => isOwnBulkJob(null, { userId: r.user_id }))).toEqual([]);
    await sql(`DELETE FROM fiscal_bulk_job WHERE id = ANY($1::int[])`, [ids]);
  });

  it('a whole search: its companies in one job; bad filters are a 400', async () => {
    const a = await createCompany({ name: 'CAUTARE FISCALA UNU SRL' });
    const b = await createCompany({ name: 'CAUTARE FISCALA DOI SRL' });
    const token = await tokenOf(who.owner);
    const r = await call(createFromSearch, '/api/Fiscal/createBulkCheckFromSearch?SearchText=CAUTARE%20FISCALA', { method: 'POST', token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Source: 'search', Label: 'Căutarea „CAUTARE FISCALA”' });
    const [{ cuis }] = await sql<{ cuis: number[] }>(`SELECT cuis FROM fiscal_bulk_job WHERE id = $1`, [r.body.Id]);
    expect(cuis).toEqual(expect.arrayContaining([a.cui, b.cui]));
    const bad = await call(createFromSearch, '/api/Fiscal/createBulkCheckFromSearch?MinTurnover=abc', { method: 'POST', token });
    expect(bad.status).toBe(400);
    await sql(`DELETE FROM fiscal_bulk_job WHERE id = $1`, [r.body.Id]);
  });
});
