// The page versions behind the HTML cache of company and CAEN pages: the triggers bump exactly the
// pages a change affects (one company for its contacts, representatives, social links and claims;
// every page for the register), and the ETag logic answers 304 only to a current tag.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { pageVersion, refreshVersions, resetVersions } from '@/server/page-cache/versions';
import { cacheablePage, lookupCachedPage, etagMatches, pageEtag } from '@/server/page-cache/serve';

/** The front's lookup (the one place that serves a cached page, decision 082) as a status and headers. */
async function cachedPageAnswer(req: Request, url: URL) {
  const raw = await lookupCachedPage(req.method, req.headers, url);
  return raw && { status: raw.status, headers: new Headers(raw.headers) };
}

let a = 0;
let b = 0;

beforeAll(async () => {
  env.PAGE_CACHE_POLL_MS = 0; // read the versions on every call
  const rows = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 2`);
  [a, b] = rows.map((r) => r.cui);
  resetVersions();
  await refreshVersions();
});

afterAll(async () => {
  await sql(`DELETE FROM contact WHERE name = 'page-cache-test'`);
});

const tags = async () => {
  await refreshVersions();
  return { a: pageVersion(a).tag, b: pageVersion(b).tag, caen: pageVersion(null).tag };
};

test('a contact added to one company changes that company page only', async () => {
  const before = await tags();
  await sql(`INSERT INTO contact (cui, name, updated_at) VALUES ($1, 'page-cache-test', now())`, [a]);
  const after = await tags();
  expect(after.a).not.toBe(before.a);
  expect(after.b).toBe(before.b);
  expect(after.caen).toBe(before.caen);
});

test('representatives, social links and claims of a company change its page', async () => {
  let before = await tags();
  await sql(`UPDATE representative SET name = name WHERE cui = (SELECT cui FROM representative LIMIT 1)`);
  await sql(`UPDATE social_media SET url = url WHERE cui = $1`, [a]); // may touch no row: then nothing changes
  await sql(`INSERT INTO claim_request (cui, name, phone, email) VALUES ($1, 'x', '0700000000', 'x@example.ro')`, [b]);
  let after = await tags();
  expect(after.b).not.toBe(before.b);
  before = after;
  await sql(`DELETE FROM claim_request WHERE cui = $1 AND name = 'x'`, [b]);
  after = await tags();
  expect(after.b).not.toBe(before.b);
  expect(after.caen).toBe(before.caen);
});

test('an import (any statement on the register) changes every page, CAEN pages included', async () => {
  const before = await tags();
  await sql(`UPDATE company SET name = name WHERE cui = $1`, [b]);
  const after = await tags();
  expect(after.a).not.toBe(before.a);
  expect(after.b).not.toBe(before.b);
  expect(after.caen).not.toBe(before.caen);
  await sql(`UPDATE financial_year SET employees = employees WHERE false`);
  expect((await tags()).caen).not.toBe(after.caen);
});

test('concurrent sessions bump without waiting on each other, and every commit is seen', async () => {
  const before = await tags();
  // Two transactions on the register at once: with one shared row the second would wait for the first.
  const { getPool } = await import('@/server/kernel/db');
  const [c1, c2] = [await getPool().connect(), await getPool().connect()];
  try {
    await c1.query('BEGIN');
    await c2.query('BEGIN');
    await c1.query(`UPDATE company SET name = name WHERE cui = $1`, [a]);
    await c2.query(`SET LOCAL lock_timeout = '2s'`);
    await c2.query(`UPDATE company SET name = name WHERE cui = $1`, [b]);
    await c2.query('COMMIT');
    const mid = await tags();
    expect(mid.caen).not.toBe(before.caen);
    await c1.query('COMMIT');
    expect((await tags()).caen).not.toBe(mid.caen);
  } finally {
    c1.release();
    c2.release();
  }
});

test('ETags: a current tag answers 304, an older one or another address does not', async () => {
  await refreshVersions();
  const page = cacheablePage(`/company-details/${a}/x`, '')!;
  expect(page).toEqual({ key: `/company-details/${a}/x`, cui: a });
  expect(cacheablePage('/Coduri-caen/4711', '?ordine=SmallBusiness')).toEqual({ key: '/Coduri-caen/4711?ordine=SmallBusiness', cui: null });
  expect(cacheablePage('/Cautare-avansata/x', '')).toBeNull();
  const etag = pageEtag(page.key, pageVersion(a));
  expect(etagMatches(etag, etag)).toBe(true);
  expect(etagMatches(`"x", ${etag.replace('W/', '')}`, etag)).toBe(true);
  expect(etagMatches(pageEtag(`/company-details/${b}/x`, pageVersion(a)), etag)).toBe(false);

  const url = new URL(`http://localhost/company-details/${a}/x`);
  const conditional = (tag: string) => new Request(url, { headers: { 'if-none-match': tag } });
  const res = await cachedPageAnswer(conditional(etag), url);
  expect(res?.status).toBe(304);
  expect(res?.headers.get('etag')).toBe(etag);
  expect(res?.headers.get('last-modified')).toBe(pageVersion(a).lastModified.toUTCString());

  await sql(`UPDATE contact SET role = 'changed' WHERE name = 'page-cache-test'`);
  expect(await cachedPageAnswer(conditional(etag), url)).toBeNull(); // stale tag → render
  // Client navigations (RSC payloads) and other methods never use the cache.
  const fresh = pageEtag(page.key, (await refreshVersions(), pageVersion(a)));
  expect((await cachedPageAnswer(conditional(fresh), url))?.status).toBe(304);
  expect(await cachedPageAnswer(new Request(url, { headers: { 'if-none-match': fresh, rsc: '1' } }), url)).toBeNull();
  expect(await cachedPageAnswer(new Request(url, { method: 'POST', headers: { 'if-none-match': fresh } }), url)).toBeNull();
});

describe('a contact saved through the app (issue 24)', () => {
  const actorOf = (u: { id: number; userName: string }, role: 'Admin' | 'User') => ({ userId: u.id, userName: u.userName, roles: [role] });

  test('changes its company page only, whether or not a search flag changes; the register stays', async () => {
    const { createUser } = await import('../factories/users');
    const { saveContacts, deleteContact } = await import('@/server/contacts/commands');
    const admin = await createUser({ role: 'Admin' });
    const flags = async () => (await sql<{ has_email: boolean }>(`SELECT has_email FROM company WHERE cui = $1`, [a]))[0].has_email;

    // A new public contact with an email: HasEmail really changes (the search flag), the page of
    // that company changes (it lists the contact), no other page does.
    await sql(`UPDATE contact SET email = NULL WHERE cui = $1`, [a]);
    await sql(`UPDATE company SET has_email = false WHERE cui = $1`, [a]);
    let before = await tags();
    const [saved] = await saveContacts(actorOf(admin, 'Admin') as never, a, [{ Id: 0, Name: 'page-cache-test', Email: 'birou@exemplu.ro', Phone: '', Role: '' } as never], 'public');
    expect(await flags()).toBe(true);
    let after = await tags();
    expect(after.a).not.toBe(before.a);
    expect(after.b).toBe(before.b);
    expect(after.caen).toBe(before.caen);

    // An edit that changes no flag (the UPDATE of company touches no row): still only that page.
    before = after;
    await saveContacts(actorOf(admin, 'Admin') as never, a, [{ Id: saved.Id, Name: 'page-cache-test', Email: 'office@exemplu.ro', Phone: '', Role: 'Director' } as never], 'public');
    after = await tags();
    expect(after.a).not.toBe(before.a);
    expect(after.b).toBe(before.b);
    expect(after.caen).toBe(before.caen);

    // The delete turns the flag off again: the same.
    before = after;
    await deleteContact(actorOf(admin, 'Admin') as never, saved.Id, false);
    expect(await flags()).toBe(false);
    after = await tags();
    expect(after.a).not.toBe(before.a);
    expect(after.b).toBe(before.b);
    expect(after.caen).toBe(before.caen);

    // Any other statement on company still changes every page (the mark is this statement's only).
    before = after;
    await sql(`UPDATE company SET has_email = has_email WHERE cui = $1`, [b]);
    after = await tags();
    expect(after.caen).not.toBe(before.caen);
  });
});
