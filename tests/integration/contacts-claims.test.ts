// Contacts, social media and claims on real PostgreSQL: every endpoint as owner, another user,
// anonymous and Admin; a private contact is invisible on every read path (endpoints, the search
// flags, the admin page's filters, the recipients of a mail); claims and what approval grants.
import { prisma, sql } from '@/server/kernel/db';
import { suppressPerson } from '@/server/personal-data/suppression';
import { isolateMail } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { listRecipientEmails } from '@/server/contacts/queries';
import { GET as getPublic } from '@/app/api/Contact/getContactsByCompany/route';
import { GET as getVisible } from '@/app/api/Contact/getUserContactsByCompany/route';
import { GET as getOwn } from '@/app/api/Contact/getContactsByUserId/route';
import { GET as getEditable } from '@/app/api/Contact/getByCompanyCui/route';
import { GET as getRights } from '@/app/api/Contact/getEditRights/route';
import { GET as getCompanyContacts } from '@/app/api/Contact/getCompanyContacts/route';
import { POST as saveOwn } from '@/app/api/Contact/addOrUpdateUnverifiedContacts/route';
import { POST as savePublic } from '@/app/api/Contact/addOrUpdate/route';
import { POST as addOne } from '@/app/api/Contact/add/route';
import { DELETE as deleteOwn } from '@/app/api/Contact/deleteUserContact/route';
import { DELETE as deleteAny } from '@/app/api/Contact/[id]/route';
import { GET as getSocial } from '@/app/api/SocialMedia/getSocialMediaForCompany/route';
import { POST as saveSocial } from '@/app/api/SocialMedia/addOrUpdate/route';
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { POST as sendClaim } from '@/app/api/Company/SendCompanyRequest/route';
import { GET as getClaims } from '@/app/api/Company/GetCompaniesRequests/route';
import { POST as updateClaim } from '@/app/api/Company/UpdateRequestCompanyStatus/route';
import { WEB_URL_MESSAGE } from '@/lib/shared/safe-url';

let who: Actors;
let cui: number;
let cui2: number;
let name: string;
const extra: TestUser[] = [];

type Row = { Id: number; Name: string | null; Email: string | null; Phone: string | null; Private: boolean; IsOwn: boolean };

async function flags(c: number) {
  const [r] = await sql<{ has_email: boolean; has_phone: boolean }>(`SELECT has_email, has_phone FROM company WHERE cui = $1`, [c]);
  return r;
}

/** The flags the import would compute (rf_company_fact_rows), which must agree with the live ones. */
async function importFlags(c: number) {
  const [r] = await sql<{ has_email: boolean; has_phone: boolean }>(`SELECT has_email, has_phone FROM rf_company_fact_rows($1)`, [c]);
  return r;
}

const names = (rows: Row[]) => rows.map((r) => r.Name);

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  // Two companies with no contacts and no social links, so the flags start false.
  const rows = await sql<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c
      WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui)
        AND NOT EXISTS (SELECT 1 FROM social_media s WHERE s.cui = c.cui)
        AND NOT EXISTS (SELECT 1 FROM claim_request q WHERE q.cui = c.cui)
      ORDER BY c.cui LIMIT 2`,
  );
  [{ cui, name }, { cui: cui2 }] = rows;
});

afterAll(async () => {
  await sql(`DELETE FROM contact WHERE cui = ANY($1::int[])`, [[cui, cui2]]);
  await sql(`DELETE FROM social_media WHERE cui = ANY($1::int[])`, [[cui, cui2]]);
  await sql(`DELETE FROM claim_request WHERE cui = ANY($1::int[])`, [[cui, cui2]]);
  await sql(`DELETE FROM person_suppression WHERE cui = ANY($1::int[]) AND takedown_id IS NULL`, [[cui, cui2]]);
  await sql(`SELECT rf_refresh_company_facts($1)`, [cui]);
  await sql(`DELETE FROM rate_limit WHERE key LIKE 'claim:%'`);
  await dropActors(who);
  await deleteUsers(...extra);
});

describe('own contacts', () => {
  it('the owner adds a private and a public contact; Id 0 adds, the flags follow the public one only', async () => {
    const body = [
      { Id: 0, Name: 'Ion Privat', Role: 'Director', Email: 'privat@firma.ro', Phone: '0721 000 001', Private: true },
    ];
    expect(await statusesAs(who, () => ({ handler: saveOwn, path: `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui}`, body }), ['anonymous'])).toEqual({
      anonymous: 401,
    });
    const r = await callAs('owner', who, () => ({ handler: saveOwn, path: `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui}`, body }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ Name: 'Ion Privat', Private: true, IsOwn: true, CompanyId: cui })]);
    // A private contact does not make the company "has email / has phone" in the search.
    expect(await flags(cui)).toEqual({ has_email: false, has_phone: false });

    const pub = await callAs('owner', who, () => ({
      handler: addOne,
      path: '/api/Contact/add',
      body: { CompanyId: cui, Name: 'Ana Public', Email: 'ana@firma.ro', Private: false },
    }));
    expect(pub.status).toBe(200);
    expect(await flags(cui)).toEqual({ has_email: true, has_phone: false });
    expect(await importFlags(cui)).toEqual(await flags(cui));
  });

  it('the private contact is seen by its owner only on every read endpoint', async () => {
    const pub = await callAs('anonymous', who, () => ({ handler: getPublic, path: `/api/Contact/getContactsByCompany?cui=${cui}` }));
    expect(pub.status).toBe(200);
    expect(names(pub.body)).toEqual(['Ana Public']);
    // The public list is the same for everyone, the private contact's owner and an Admin included.
    for (const as of ['owner', 'other', 'admin'] as const) {
      const res = await callAs(as, who, () => ({ handler: getPublic, path: `/api/Contact/getContactsByCompany?cui=${cui}` }));
      expect([as, res.status, names(res.body)]).toEqual([as, 200, ['Ana Public']]);
    }

    const path = `/api/Contact/getUserContactsByCompany?cui=${cui}`;
    expect(await statusesAs(who, () => ({ handler: getVisible, path }))).toEqual({ anonymous: 401, other: 200, admin: 200, owner: 200 });
    expect(names((await callAs('other', who, () => ({ handler: getVisible, path }))).body)).toEqual(['Ana Public']);
    expect(names((await callAs('admin', who, () => ({ handler: getVisible, path }))).body)).toEqual(['Ana Public']);
    expect(names((await callAs('owner', who, () => ({ handler: getVisible, path }))).body)).toEqual(['Ion Privat', 'Ana Public']);

    const own = `/api/Contact/getContactsByUserId?cui=${cui}`;
    expect(names((await callAs('other', who, () => ({ handler: getOwn, path: own }))).body)).toEqual([]);
    expect(names((await callAs('owner', who, () => ({ handler: getOwn, path: own }))).body)).toEqual(['Ion Privat', 'Ana Public']);
    expect((await callAs('anonymous', who, () => ({ handler: getOwn, path: own }))).status).toBe(401);

    // The edit source: own contacts for a user, every contact for an Admin.
    const edit = `/api/Contact/getByCompanyCui?cui=${cui}`;
    expect(names((await callAs('other', who, () => ({ handler: getEditable, path: edit }))).body)).toEqual([]);
    expect(names((await callAs('admin', who, () => ({ handler: getEditable, path: edit }))).body)).toEqual(['Ion Privat', 'Ana Public']);
    expect((await callAs('anonymous', who, () => ({ handler: getEditable, path: edit }))).status).toBe(401);

    // Search flags: the company is found by HasEmail through the public contact, not by HasPhone
    // (only the private contact has a phone).
    const search = (q: string) => callAs('other', who, () => ({ handler: getCompanies, path: `/api/Company/getCompanies?SearchText=${cui}&${q}` }));
    expect((await search('HasEmail=true')).body.Items.map((i: { Cui: number }) => i.Cui)).toContain(cui);
    expect((await search('HasPhone=true')).body.Items.map((i: { Cui: number }) => i.Cui)).not.toContain(cui);
  });

  it('the recipients of a mail: public addresses and the sender’s own private ones, never another user’s', async () => {
    const asOwner = await listRecipientEmails({ userId: who.owner.id, userName: who.owner.userName, roles: ['User'] }, [cui, cui2]);
    expect(asOwner.get(cui)).toEqual(['privat@firma.ro', 'ana@firma.ro']);
    expect(asOwner.has(cui2)).toBe(false);
    const asOther = await listRecipientEmails({ userId: who.other.id, userName: who.other.userName, roles: ['User'] }, [cui]);
    expect(asOther.get(cui)).toEqual(['ana@firma.ro']);
    const asAdmin = await listRecipientEmails({ userId: who.admin.id, userName: who.admin.userName, roles: ['Admin'] }, [cui]);
    expect(asAdmin.get(cui)).toEqual(['ana@firma.ro']);
  });

  it('another user cannot update or delete the owner’s contact (404 like a missing row); the owner can', async () => {
    const [priv] = await sql<{ id: number }>(`SELECT id FROM contact WHERE cui = $1 AND name = 'Ion Privat'`, [cui]);
    const body = [{ Id: priv.id, Name: 'Furat', Private: false }];
    const path = `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui}`;
    expect(await statusesAs(who, () => ({ handler: saveOwn, path, body }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    const [still] = await sql<{ name: string; is_private: boolean }>(`SELECT name, is_private FROM contact WHERE id = $1`, [priv.id]);
    expect(still).toEqual({ name: 'Ion Privat', is_private: true });

    const del = `/api/Contact/deleteUserContact?id=${priv.id}`;
    expect(await statusesAs(who, () => ({ handler: deleteOwn, path: del, method: 'DELETE' }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    expect(
      await statusesAs(who, () => ({ handler: deleteAny, path: `/api/Contact/${priv.id}`, method: 'DELETE', params: { id: String(priv.id) } }), [
        'anonymous',
        'other',
      ]),
    ).toEqual({ anonymous: 401, other: 404 });

    const upd = await callAs('owner', who, () => ({ handler: saveOwn, path, body: [{ Id: priv.id, Name: 'Ion Privat', Phone: '0721000001', Private: true }] }));
    expect(upd.status).toBe(200);
    expect(upd.body[0]).toEqual(expect.objectContaining({ Id: priv.id, Phone: '0721000001', Email: null }));
    expect((await callAs('owner', who, () => ({ handler: deleteOwn, path: del, method: 'DELETE' }))).status).toBe(204);
    const [gone] = await sql<{ is_deleted: boolean }>(`SELECT is_deleted FROM contact WHERE id = $1`, [priv.id]);
    expect(gone.is_deleted).toBe(true);
    // Deleted twice: a missing row.
    expect((await callAs('owner', who, () => ({ handler: deleteOwn, path: del, method: 'DELETE' }))).status).toBe(404);
  });

  it('refuses invalid rows with 400 in Romanian (no 500), and nothing of the list is saved', async () => {
    const path = `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui}`;
    const bad = await callAs('owner', who, () => ({ handler: saveOwn, path, body: [{ Id: 0, Name: 'Bun' }, { Id: 0, Role: 'Doar rol' }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.Errors['1.Role']).toEqual(['Nu se poate adăuga doar câmpul Rol.']);
    const phone = await callAs('owner', who, () => ({ handler: saveOwn, path, body: [{ Id: 0, Phone: '12345' }] }));
    expect(phone.body.Errors['0.Phone']).toEqual(['Numărul de telefon nu este valid.']);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM contact WHERE cui = $1 AND name = 'Bun'`, [cui]);
    expect(n).toBe(0);
    expect((await callAs('owner', who, () => ({ handler: saveOwn, path: '/api/Contact/addOrUpdateUnverifiedContacts?cui=abc', body: [] }))).status).toBe(400);
    expect((await callAs('owner', who, () => ({ handler: saveOwn, path: '/api/Contact/addOrUpdateUnverifiedContacts?cui=1', body: [] }))).status).toBe(404);
  });
});

describe('public contacts and social media (Admin, approved claimant)', () => {
  it('addOrUpdate and SocialMedia/addOrUpdate: 403 for a user, 401 anonymous; the Admin edits any contact', async () => {
    const body = [{ Id: 0, Name: 'Recepție', Phone: '0213000000' }];
    const path = `/api/Contact/addOrUpdate?cui=${cui}`;
    expect(await statusesAs(who, () => ({ handler: savePublic, path, body }), ['anonymous', 'other', 'owner'])).toEqual({
      anonymous: 401,
      other: 403,
      owner: 403,
    });
    const r = await callAs('admin', who, () => ({ handler: savePublic, path, body }));
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual(expect.objectContaining({ Name: 'Recepție', IsOwn: false, Private: false }));
    expect(await flags(cui)).toEqual({ has_email: true, has_phone: true });

    // The Admin edits the owner's public contact.
    const [ana] = await sql<{ id: number }>(`SELECT id FROM contact WHERE cui = $1 AND name = 'Ana Public'`, [cui]);
    const edit = await callAs('admin', who, () => ({ handler: savePublic, path, body: [{ Id: ana.id, Name: 'Ana Public', Email: 'ana.noua@firma.ro' }] }));
    expect(edit.status).toBe(200);
    const [row] = await sql<{ email: string; user_id: number }>(`SELECT email, user_id FROM contact WHERE id = $1`, [ana.id]);
    expect(row).toEqual({ email: 'ana.noua@firma.ro', user_id: who.owner.id });

    const social = [
      { Platform: 'Facebook', Url: 'https://facebook.com/firma' },
      { Platform: 'Website', Url: 'https://firma.ro' },
    ];
    const sp = `/api/SocialMedia/addOrUpdate?cui=${cui}`;
    expect(await statusesAs(who, () => ({ handler: saveSocial, path: sp, body: social }), ['anonymous', 'other', 'owner'])).toEqual({
      anonymous: 401,
      other: 403,
      owner: 403,
    });
    const s = await callAs('admin', who, () => ({ handler: saveSocial, path: sp, body: social }));
    expect(s.status).toBe(200);
    expect(s.body.map((x: { Platform: string }) => x.Platform)).toEqual(['Website', 'Facebook']);
    const pub = await callAs('anonymous', who, () => ({ handler: getSocial, path: `/api/SocialMedia/getSocialMediaForCompany?cui=${cui}` }));
    expect(pub.body).toHaveLength(2);
    // Only filled links are sent: a platform left out loses its link.
    const s2 = await callAs('admin', who, () => ({ handler: saveSocial, path: sp, body: [{ Platform: 'Website', Url: 'https://firma.ro' }] }));
    expect(s2.body.map((x: { Platform: string }) => x.Platform)).toEqual(['Website']);
    const tooLong = await callAs('admin', who, () => ({ handler: saveSocial, path: sp, body: [{ Platform: 'Website', Url: 'x'.repeat(201) }] }));
    expect(tooLong.status).toBe(400);
    // Issue 23: only web addresses are stored; the links are hrefs on public pages.
    for (const Url of ['javascript:alert(document.cookie)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'mailto:a@firma.ro', 'firma.ro']) {
      const bad = await callAs('admin', who, () => ({ handler: saveSocial, path: sp, body: [{ Platform: 'Website', Url: 'https://firma.ro' }, { Platform: 'Facebook', Url }] }));
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(WEB_URL_MESSAGE);
    }
    const stored = await sql<{ platform: string; url: string }>(`SELECT platform, url FROM social_media WHERE cui = $1`, [cui]);
    expect(stored).toEqual([{ platform: 'Website', url: 'https://firma.ro' }]);
  });

  it('DELETE Contact/{id}: the Admin deletes any contact; getEditRights tells the modal what it may offer', async () => {
    const [rec] = await sql<{ id: number }>(`SELECT id FROM contact WHERE cui = $1 AND name = 'Recepție'`, [cui]);
    const del = () => ({ handler: deleteAny, path: `/api/Contact/${rec.id}`, method: 'DELETE', params: { id: String(rec.id) } });
    expect(await statusesAs(who, del, ['anonymous', 'other', 'owner'])).toEqual({ anonymous: 401, other: 404, owner: 404 });
    expect((await callAs('admin', who, del)).status).toBe(204);
    expect(await flags(cui)).toEqual({ has_email: true, has_phone: false });

    const rights = `/api/Contact/getEditRights?cui=${cui}`;
    expect((await callAs('owner', who, () => ({ handler: getRights, path: rights }))).body).toEqual({ CanEditOwn: true, CanEditPublic: false, CanEditAll: false });
    expect((await callAs('admin', who, () => ({ handler: getRights, path: rights }))).body).toEqual({ CanEditOwn: true, CanEditPublic: true, CanEditAll: true });
    expect((await callAs('anonymous', who, () => ({ handler: getRights, path: rights }))).status).toBe(401);
  });
});

describe('admin contacts page', () => {
  it('getCompanyContacts: Admin only; contact, social and search filters; the private contact never makes HasPhone', async () => {
    const path = `/api/Contact/getCompanyContacts?SearchText=${cui}&HasWebsite=true`;
    expect(await statusesAs(who, () => ({ handler: getCompanyContacts, path }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
    const r = await callAs('admin', who, () => ({ handler: getCompanyContacts, path }));
    const item = r.body.Items.find((i: { Cui: number }) => i.Cui === cui);
    expect(item).toBeDefined();
    expect(item.SocialMedia).toEqual([expect.objectContaining({ Platform: 'Website', Url: 'https://firma.ro' })]);
    expect(item.Contacts.map((c: Row & { CompanyName: string }) => [c.Name, c.CompanyName])).toEqual([['Ana Public', name]]);
    expect(r.body).toEqual(expect.objectContaining({ Count: expect.any(Number), NumberOfPages: expect.any(Number) }));

    const ids = async (q: string) =>
      (await callAs('admin', who, () => ({ handler: getCompanyContacts, path: `/api/Contact/getCompanyContacts?SearchText=${cui}&${q}` }))).body.Items.map(
        (i: { Cui: number }) => i.Cui,
      );
    expect(await ids('HasFacebook=true')).not.toContain(cui);
    expect(await ids('HasFacebook=false')).toContain(cui);
    expect(await ids('HasEmail=true')).toContain(cui);
    // A private contact with a phone is added: HasPhone stays false.
    await callAs('owner', who, () => ({
      handler: saveOwn,
      path: `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui}`,
      body: [{ Id: 0, Name: 'Tel Privat', Phone: '0722000000', Private: true }],
    }));
    expect(await ids('HasPhone=true')).not.toContain(cui);
    expect(await ids('HasPhone=false')).toContain(cui);
    const bad = await callAs('admin', who, () => ({ handler: getCompanyContacts, path: '/api/Contact/getCompanyContacts?HasLinkedin=poate' }));
    expect(bad.status).toBe(400);
  });
});

describe('claims', () => {
  const claim = () => ({ Name: 'Maria Ionescu', Phone: '0721 234 567', Email: 'maria@firma.ro', Description: 'Sunt administratorul.', CompanyCUI: cui2 });

  it('SendCompanyRequest: signed in only; one pending claim per user and company; validation in Romanian', async () => {
    expect((await callAs('anonymous', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: claim() }))).status).toBe(401);
    const ok = await callAs('owner', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: claim() }));
    expect(ok.status).toBe(200);
    const again = await callAs('owner', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: claim() }));
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('Aveți deja o cerere în așteptare pentru această companie.');
    const other = await callAs('other', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: claim() }));
    expect(other.status).toBe(200);
    const bad = await callAs('other', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: { ...claim(), Phone: '+40721234567', Email: 'x' } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors).sort()).toEqual(['Email', 'Phone']);
  });

  it('is rate-limited per user', async () => {
    const spammer = await createUser();
    extra.push(spammer);
    const token = { owner: spammer, other: who.other, admin: who.admin };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Different companies, so only the rate limit can refuse.
      const [c] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui OFFSET $1 LIMIT 1`, [100 + i]);
      const r = await callAs('owner', token, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: { ...claim(), CompanyCUI: c.cui } }));
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    await sql(`DELETE FROM claim_request WHERE user_id = $1`, [spammer.id]);
  });

  it('GetCompaniesRequests: Admin only, pending by a single space, search by CUI, page size 8, sort', async () => {
    const path = `/api/Company/GetCompaniesRequests?statusId=%20&SearchText=${cui2}&pageNumber=1&pageSize=8&orderBy=name`;
    expect(await statusesAs(who, () => ({ handler: getClaims, path }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
    const r = await callAs('admin', who, () => ({ handler: getClaims, path }));
    expect(r.body.Count).toBe(2);
    expect(r.body.Items[0]).toEqual(
      expect.objectContaining({ Name: 'Maria Ionescu', CompanyCUI: cui2, Status: null, UpdatedDate: null, Description: 'Sunt administratorul.' }),
    );
    const approved = await callAs('admin', who, () => ({ handler: getClaims, path: `/api/Company/GetCompaniesRequests?statusId=true&SearchText=${cui2}` }));
    expect(approved.body.Count).toBe(0);
    expect((await callAs('admin', who, () => ({ handler: getClaims, path: '/api/Company/GetCompaniesRequests?statusId=maybe' }))).status).toBe(400);
    expect((await callAs('admin', who, () => ({ handler: getClaims, path: '/api/Company/GetCompaniesRequests?statusId=%20&orderBy=email' }))).status).toBe(400);
  });

  it('approval: Admin only, mails the claimant, grants editing of public data; a second approval is "Company already claimed!"', async () => {
    const [mine] = await sql<{ id: number }>(`SELECT id FROM claim_request WHERE cui = $1 AND user_id = $2`, [cui2, who.owner.id]);
    const [theirs] = await sql<{ id: number }>(`SELECT id FROM claim_request WHERE cui = $1 AND user_id = $2`, [cui2, who.other.id]);
    const approve = (id: number, status = true) => () => ({ handler: updateClaim, path: `/api/Company/UpdateRequestCompanyStatus?requestCompanyId=${id}&status=${status}` });
    expect(await statusesAs(who, approve(mine.id), ['anonymous', 'other', 'owner'])).toEqual({ anonymous: 401, other: 403, owner: 403 });

    // Before approval the claimant has no right on the public data.
    expect((await callAs('owner', who, () => ({ handler: saveSocial, path: `/api/SocialMedia/addOrUpdate?cui=${cui2}`, body: [] }))).status).toBe(403);

    const ok = await callAs('admin', who, approve(mine.id));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(expect.objectContaining({ Status: true, UpdatedDate: expect.any(String) }));
    const [mail] = await sql<{ to: string; subject: string }>(`SELECT "to", subject FROM outbox_mail WHERE kind = 'claim-decision' ORDER BY id DESC LIMIT 1`);
    expect(mail.to).toBe('maria@firma.ro');
    expect(mail.subject).toMatch(/a fost aprobată$/);

    const second = await callAs('admin', who, approve(theirs.id));
    expect(second.status).toBe(409);
    expect(second.body.Message).toBe('Company already claimed!');
    const newClaim = await callAs('admin', who, () => ({ handler: sendClaim, path: '/api/Company/SendCompanyRequest', body: claim() }));
    expect(newClaim.status).toBe(409);
    expect(newClaim.body.Message).toBe('Company already claimed!');
    // No way back to pending.
    expect((await callAs('admin', who, () => ({ handler: updateClaim, path: `/api/Company/UpdateRequestCompanyStatus?requestCompanyId=${mine.id}&status=` }))).status).toBe(400);

    // The claimant now edits the company's public contacts and social links, not another user's contacts.
    const rights = await callAs('owner', who, () => ({ handler: getRights, path: `/api/Contact/getEditRights?cui=${cui2}` }));
    expect(rights.body).toEqual({ CanEditOwn: true, CanEditPublic: true, CanEditAll: false });
    const s = await callAs('owner', who, () => ({ handler: saveSocial, path: `/api/SocialMedia/addOrUpdate?cui=${cui2}`, body: [{ Platform: 'LinkedIn', Url: 'https://linkedin.com/company/x' }] }));
    expect(s.status).toBe(200);
    const script = await callAs('owner', who, () => ({ handler: saveSocial, path: `/api/SocialMedia/addOrUpdate?cui=${cui2}`, body: [{ Platform: 'LinkedIn', Url: 'javascript:alert(1)' }] }));
    expect(script.status).toBe(400);
    expect(JSON.stringify(script.body)).toContain(WEB_URL_MESSAGE);
    const c = await callAs('owner', who, () => ({ handler: savePublic, path: `/api/Contact/addOrUpdate?cui=${cui2}`, body: [{ Id: 0, Name: 'Secretariat', Email: 'office@x.ro', Private: true }] }));
    expect(c.status).toBe(200);
    // A claimant's new public contact is unowned and public (privacy is not theirs to set on it).
    expect(c.body[0]).toEqual(expect.objectContaining({ IsOwn: false, Private: false }));
    await callAs('other', who, () => ({
      handler: saveOwn,
      path: `/api/Contact/addOrUpdateUnverifiedContacts?cui=${cui2}`,
      body: [{ Id: 0, Name: 'Al altuia', Email: 'altul@x.ro', Private: true }],
    }));
    const [others] = await sql<{ id: number }>(`SELECT id FROM contact WHERE cui = $1 AND name = 'Al altuia'`, [cui2]);
    const steal = await callAs('owner', who, () => ({ handler: savePublic, path: `/api/Contact/addOrUpdate?cui=${cui2}`, body: [{ Id: others.id, Name: 'Furat' }] }));
    expect(steal.status).toBe(404);
    const editable = await callAs('owner', who, () => ({ handler: getEditable, path: `/api/Contact/getByCompanyCui?cui=${cui2}` }));
    expect(names(editable.body)).toEqual(['Secretariat']);

    // A person an accepted takedown hides is neither shown to the claimant nor editable: an edit of
    // the name or address would un-hide the row (issue 45).
    await sql(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Persoana Ascunsă', 'ascuns@x.ro', now())`, [cui2]);
    await prisma.$transaction((tx) => suppressPerson(tx, null, { cui: cui2, name: 'Persoana Ascunsa', email: null, phone: null }));
    const [hidden] = await sql<{ id: number; is_suppressed: boolean }>(`SELECT id, is_suppressed FROM contact WHERE cui = $1 AND name = 'Persoana Ascunsă'`, [cui2]);
    expect(hidden.is_suppressed).toBe(true);
    const stillEditable = await callAs('owner', who, () => ({ handler: getEditable, path: `/api/Contact/getByCompanyCui?cui=${cui2}` }));
    expect(names(stillEditable.body)).toEqual(['Secretariat']);
    const unhide = await callAs('owner', who, () => ({ handler: savePublic, path: `/api/Contact/addOrUpdate?cui=${cui2}`, body: [{ Id: hidden.id, Name: 'Alt nume', Email: 'alt@x.ro' }] }));
    expect(unhide.status).toBe(404);
    expect((await callAs('owner', who, () => ({ handler: deleteAny, path: `/api/Contact/${hidden.id}`, method: 'DELETE', params: { id: String(hidden.id) } }))).status).toBe(404);
    const [after] = await sql<{ name: string; is_suppressed: boolean; is_deleted: boolean }>(`SELECT name, is_suppressed, is_deleted FROM contact WHERE id = $1`, [hidden.id]);
    expect(after).toEqual({ name: 'Persoana Ascunsă', is_suppressed: true, is_deleted: false });
    // The Admin still administers it.
    const byAdmin = await callAs('admin', who, () => ({ handler: getEditable, path: `/api/Contact/getByCompanyCui?cui=${cui2}` }));
    expect(names(byAdmin.body)).toContain('Persoana Ascunsă');

    // The company page shows the company as claimed.
    const details = await callAs('anonymous', who, () => ({ handler: getDetails, path: `/api/Company/getDetails/${cui2}`, params: { cui: String(cui2) } }));
    expect(details.body.IsClaimed).toBe(true);

    // Rejecting the approved claim takes the right back.
    expect((await callAs('admin', who, approve(mine.id, false))).body.Status).toBe(false);
    expect((await callAs('owner', who, () => ({ handler: getRights, path: `/api/Contact/getEditRights?cui=${cui2}` }))).body.CanEditPublic).toBe(false);
    // And then the other claim can be approved.
    expect((await callAs('admin', who, approve(theirs.id))).status).toBe(200);
  });
});
