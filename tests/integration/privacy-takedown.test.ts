// Takedown of a person's data on public pages (issue 30, docs/decisions/059): the public request,
// its confirmation by the mailed link, the Admin queue and decision (owner / other / anonymous /
// Admin), and what an accepted one hides: the company page and API, the public contacts, the
// search flags and the search copy's change log, the page version; and that it survives a
// re-import of the rows (suppression by normalised identity, not by row id). It hides the person
// on the company the request names only (issue 45, docs/decisions/085): the same address on
// another company stays, and the Admin sees the matched rows before deciding.
import { POST as requestRoute } from '@/app/api/Privacy/requestTakedown/route';
import { POST as confirmRoute } from '@/app/api/Privacy/confirmTakedown/route';
import { GET as queueRoute } from '@/app/api/Privacy/getTakedownRequests/route';
import { POST as decideRoute } from '@/app/api/Privacy/decideTakedown/route';
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { GET as getPublicContacts } from '@/app/api/Contact/getContactsByCompany/route';
import type { CompanyDetails } from '@/lib/company/types';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPool, sql } from '@/server/kernel/db';
import { call, isolateMail, randomIp } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, type Actors } from './support/authz';
import { uniq } from '../factories/users';

let who: Actors;
let cui: number;
let other: number;
const tag = uniq();
const requester = `cerere.${tag}@exemplu.ro`;
const personEmail = `ion.${tag}@exemplu.ro`;

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  [{ cui }, { cui: other }] = await sql<{ cui: number }>(
    `SELECT c.cui FROM company c
      WHERE NOT EXISTS (SELECT 1 FROM representative r WHERE r.cui = c.cui) AND NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui)
      ORDER BY c.cui LIMIT 2 OFFSET 30`,
  );
  await sql(`INSERT INTO representative (cui, name, role, phone, email) VALUES ($1, 'Ion Popescu-Ștefănescu', 'Administrator', '0721 555 111', NULL), ($1, 'Maria Ionescu', 'Asociat', NULL, NULL)`, [cui]);
  // The same address on another company (a generic office address): never hidden by this request.
  await sql(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Birou', $2, now()), ($1, 'Altcineva', 'altcineva.${tag}@exemplu.ro', now())`, [other, personEmail]);
  // On the named company, a contact with the person's address: matched and hidden.
  await sql(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Secretariat', upper($2), now())`, [cui, personEmail]);
  await sql(`SELECT set_config('rf.page_touch', '', false)`);
  await sql(`UPDATE company c SET has_email = true WHERE cui = $1`, [other]);
});

afterAll(async () => {
  await sql(`DELETE FROM representative WHERE cui = $1`, [cui]);
  await sql(`DELETE FROM representative WHERE cui = $1`, [other]);
  await sql(`DELETE FROM contact WHERE cui = ANY($1::int[])`, [[cui, other]]);
  await sql(`DELETE FROM person_suppression WHERE takedown_id IN (SELECT id FROM takedown_request WHERE requester_email = $1)`, [requester]);
  await sql(`DELETE FROM takedown_request WHERE requester_email = $1`, [requester]);
  await dropActors(who);
});

const body = (over: Record<string, unknown> = {}) => ({
  CompanyCUI: cui,
  PersonName: 'Ion Popescu-Ștefănescu',
  PersonEmail: personEmail,
  PersonPhone: '0721 555 111',
  RequesterEmail: requester,
  Reason: 'Nu mai lucrez la această firmă.',
  Confirm: true,
  ...over,
});
const send = (over: Record<string, unknown> = {}) => call(requestRoute, '/api/Privacy/requestTakedown', { method: 'POST', body: body(over), ip: randomIp() });
async function tokenFromMail(id: number): Promise<string> {
  const [mail] = await sql<{ text: string }>(`SELECT text FROM outbox_mail WHERE "to" = $1 AND kind = 'takedown-confirm' ORDER BY id DESC LIMIT 1`, [requester]);
  const m = /token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect({ id, found: !!m }).toEqual({ id, found: true });
  return decodeURIComponent(m![1]);
}
const reps = async () => ((await call(getDetails, `/api/Company/getDetails/${cui}`, { params: { cui: String(cui) } })).body as CompanyDetails).Representatives.map((r) => r.Name);
const publicContacts = async (of = other) => ((await call(getPublicContacts, `/api/Contact/getContactsByCompany?cui=${of}`)).body as Array<{ Name: string }>).map((c) => c.Name);

describe('a takedown request', () => {
  it('refuses bad input with a 400 in Romanian (no 500) and an unknown company with a 404', async () => {
    expect((await send({ PersonName: '' })).status).toBe(400);
    expect((await send({ RequesterEmail: 'nu-e-adresa' })).status).toBe(400);
    expect((await send({ Confirm: false })).status).toBe(400);
    expect((await send({ PersonPhone: '12' })).status).toBe(400);
    expect((await send({ CompanyCUI: 99999999 })).status).toBe(404);
    expect((await call(confirmRoute, '/api/Privacy/confirmTakedown', { method: 'POST', body: { Token: 'x'.repeat(43) } })).status).toBe(400);
  });

  it('goes to the queue only once confirmed by the mailed link, and the link works once', async () => {
    const r = await send();
    expect(r.status).toBe(200);
    const id = (r.body as { Id: number }).Id;
    const queue = () => callAs('admin', who, () => ({ handler: queueRoute, path: '/api/Privacy/getTakedownRequests?status=Pending&pageSize=100' }));
    const ids = async () => ((await queue()).body as { Items: Array<{ Id: number }> }).Items.map((i) => i.Id);
    expect(await ids()).not.toContain(id);
    const token = await tokenFromMail(id);
    const confirm = () => call(confirmRoute, '/api/Privacy/confirmTakedown', { method: 'POST', body: { Token: token } });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(400);
    expect(await ids()).toContain(id);
    // An unconfirmed request cannot be decided.
    const unconfirmed = (await send()).body as { Id: number };
    expect((await callAs('admin', who, () => ({ handler: decideRoute, path: '/api/Privacy/decideTakedown', method: 'POST', body: { Id: unconfirmed.Id, Accept: true } }))).status).toBe(404);
  });

  it('the queue and the decision answer the Admin only', async () => {
    expect(await statusesAs(who, () => ({ handler: queueRoute, path: '/api/Privacy/getTakedownRequests' }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
    const [pending] = await sql<{ id: number }>(`SELECT id FROM takedown_request WHERE requester_email = $1 AND status = 'Pending'`, [requester]);
    expect(
      await statusesAs(who, () => ({ handler: decideRoute, path: '/api/Privacy/decideTakedown', method: 'POST', body: { Id: pending.id, Accept: true } }), ['anonymous', 'other', 'owner']),
    ).toEqual({ anonymous: 401, other: 403, owner: 403 });
    expect(await reps()).toEqual(['Ion Popescu-Ștefănescu', 'Maria Ionescu']);
  });

  it('lists for the Admin the rows of the named company it matches, and no other company\'s', async () => {
    const queue = await callAs('admin', who, () => ({ handler: queueRoute, path: '/api/Privacy/getTakedownRequests?status=Pending&pageSize=100' }));
    const [pending] = await sql<{ id: number }>(`SELECT id FROM takedown_request WHERE requester_email = $1 AND status = 'Pending'`, [requester]);
    const item = (queue.body as { Items: Array<{ Id: number; MatchedRows: Array<Record<string, unknown>> }> }).Items.find((i) => i.Id === pending.id);
    expect(item?.MatchedRows.map(({ Table, Name, IsHidden }) => ({ Table, Name, IsHidden }))).toEqual([
      { Table: 'Contact', Name: 'Secretariat', IsHidden: false },
      { Table: 'Representative', Name: 'Ion Popescu-Ștefănescu', IsHidden: false },
    ]);
  });
});

describe('an accepted takedown', () => {
  let id: number;
  it('hides the person on the company page, the API, the public contacts and the search flags at once', async () => {
    [{ id }] = await sql<{ id: number }>(`SELECT id FROM takedown_request WHERE requester_email = $1 AND status = 'Pending'`, [requester]);
    const [{ seq: before }] = await sql<{ seq: string }>(`SELECT coalesce(max(seq), 0)::text AS seq FROM page_version WHERE cui = ANY($1::int[])`, [[cui, other]]);
    const [{ id: lastChange }] = await sql<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM search_change`);
    expect(await publicContacts()).toEqual(['Birou', 'Altcineva']);
    expect(await publicContacts(cui)).toEqual(['Secretariat']);

    const r = await callAs('admin', who, () => ({ handler: decideRoute, path: '/api/Privacy/decideTakedown', method: 'POST', body: { Id: id, Accept: true } }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: id, Status: 'Accepted' });
    expect((r.body.MatchedRows as Array<{ IsHidden: boolean }>).map((m) => m.IsHidden)).toEqual([true, true]);

    expect(await reps()).toEqual(['Maria Ionescu']);
    expect(await publicContacts(cui)).toEqual([]);
    // The same address on another company is not this request's: it stays.
    expect(await publicContacts()).toEqual(['Birou', 'Altcineva']);
    // The page cache follows: the named company's version moved, the other's did not; the same for the search copy.
    const versions = await sql<{ cui: number }>(`SELECT DISTINCT cui FROM page_version WHERE cui = ANY($1::int[]) AND seq > $2::bigint ORDER BY cui`, [[cui, other], before]);
    expect(versions.map((v) => v.cui)).toEqual([cui]);
    const changes = await sql<{ cui: number }>(`SELECT DISTINCT cui FROM search_change WHERE id > $1::bigint AND cui = ANY($2::int[]) ORDER BY cui`, [lastChange, [cui, other]]);
    expect(changes.map((c) => c.cui)).toEqual([cui]);
    // The audit trail and the decision mail.
    const audit = await sql<{ after: { Status: string } }>(`SELECT after FROM audit_entry WHERE action = 'takedown.decision' AND target_id = $1`, [String(id)]);
    expect(audit.map((a) => a.after.Status)).toEqual(['Accepted']);
    expect(await sql(`SELECT 1 FROM outbox_mail WHERE "to" = $1 AND kind = 'takedown-decision'`, [requester])).toHaveLength(1);
    // Deciding twice is refused.
    expect((await callAs('admin', who, () => ({ handler: decideRoute, path: '/api/Privacy/decideTakedown', method: 'POST', body: { Id: id, Accept: false } }))).status).toBe(409);
  });

  it('survives a re-import: new rows of the same person (other case, order, diacritics, phone format) stay hidden', async () => {
    await sql(`DELETE FROM representative WHERE cui = $1`, [cui]);
    await sql(
      `INSERT INTO representative (cui, name, role, phone, email) VALUES
         ($1, 'POPESCU-STEFANESCU  ion', 'Administrator', NULL, NULL),
         ($1, 'Maria Ionescu', 'Asociat', NULL, NULL),
         ($2, 'Alt Nume', 'Asociat', NULL, upper($3))`,
      [cui, other, personEmail],
    );
    expect(await reps()).toEqual(['Maria Ionescu']);
    // The address on another company is not hidden there (the request named one company).
    const [r] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM representative WHERE cui = $1 AND is_suppressed`, [other]);
    expect(r.n).toBe(0);
    // On the named company the address hides a new row whatever its name.
    await sql(`INSERT INTO representative (cui, name, email) VALUES ($1, 'Birou Nou', $2)`, [cui, ` ${personEmail.toUpperCase()} `]);
    expect(await reps()).toEqual(['Maria Ionescu']);
    // A homonym on another company is not the person: the name alone is suppressed on its company.
    await sql(`INSERT INTO representative (cui, name) VALUES ($1, 'Ion Popescu-Ștefănescu')`, [other]);
    const [h] = await sql<{ s: boolean }>(`SELECT is_suppressed AS s FROM representative WHERE cui = $1 AND name = 'Ion Popescu-Ștefănescu'`, [other]);
    expect(h.s).toBe(false);
    // An edit that gives a row the person's phone hides it too.
    await sql(`UPDATE representative SET phone = '+40 721 555 111' WHERE cui = $1 AND name = 'Maria Ionescu'`, [cui]);
    expect(await reps()).toEqual([]);
    // The import's recompute of the search facts agrees with the flags.
    const [facts] = await sql<{ has_email: boolean }>(`SELECT has_email FROM rf_company_fact_rows($1)`, [other]);
    const [flags] = await sql<{ has_email: boolean }>(`SELECT has_email FROM company WHERE cui = $1`, [other]);
    expect(facts.has_email).toBe(flags.has_email);
  });
});

describe('migration 20261129050500 (a takedown on its company only)', () => {
  it('shows again a row the old reach hid on another company, and lights its HasEmail', async () => {
    const [{ cui: named }, { cui: elsewhere }] = await sql<{ cui: number }>(
      `SELECT c.cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) AND NOT c.has_email ORDER BY c.cui LIMIT 2 OFFSET 60`,
    );
    const office = `birou.${tag}@exemplu.ro`;
    try {
      await sql(`INSERT INTO person_suppression (cui, name_norm, email_norm) VALUES ($1, rf_person_name_norm('Ana Birou'), rf_email_norm($2))`, [named, office]);
      await sql(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Secretariat', $3, now()), ($2, 'Birou', $3, now())`, [named, elsewhere, office]);
      // As the old reach left it: the row on the other company hidden too.
      await sql(`UPDATE contact SET is_suppressed = true WHERE cui = $1 AND email = $2`, [elsewhere, office]);
      const [{ id: lastChange }] = await sql<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM search_change`);

      const text = readFileSync(path.join(process.cwd(), 'prisma/migrations/20261129050500_takedown_named_company/migration.sql'), 'utf8');
      await getPool().query(text);

      const rows = await sql<{ cui: number; is_suppressed: boolean }>(`SELECT cui, is_suppressed FROM contact WHERE email = $1 ORDER BY cui = $2 DESC`, [office, named]);
      expect(rows).toEqual([{ cui: named, is_suppressed: true }, { cui: elsewhere, is_suppressed: false }]);
      expect(await publicContacts(elsewhere)).toEqual(['Birou']);
      const [flags] = await sql<{ has_email: boolean }>(`SELECT has_email FROM company WHERE cui = $1`, [elsewhere]);
      expect(flags.has_email).toBe(true);
      const changes = await sql<{ cui: number }>(`SELECT DISTINCT cui FROM search_change WHERE id > $1::bigint AND cui = ANY($2::int[])`, [lastChange, [named, elsewhere]]);
      expect(changes.map((c) => c.cui)).toEqual([elsewhere]);
    } finally {
      await sql(`DELETE FROM contact WHERE email = $1`, [office]);
      await sql(`DELETE FROM person_suppression WHERE email_norm = rf_email_norm($1)`, [office]);
      await sql(`UPDATE company SET has_email = false WHERE cui = ANY($1::int[])`, [[named, elsewhere]]);
    }
  });
});
