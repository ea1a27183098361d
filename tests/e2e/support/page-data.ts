// The rows and links the pages of ./page-list.ts need (a group, a template, a draft, an invitation,
// links from the local mailbox), made once per worker by the specs that visit every page.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { registerAccount, tokensOf, uniq, type NewUser } from './accounts';
import { seedCampaignGroup } from './campaign-mail';
import { companyUrl } from './company';
import { readE2eState } from './e2e-state';
import { findScoredCompanies } from './risk';
import type { PageData } from './page-list';

/** A link of the newest message to `to` in the local mailbox whose address matches `re` (asked again until the mail is there). */
async function mailboxLink(request: APIRequestContext, to: string, re: RegExp): Promise<string> {
  let found = '';
  await expect(async () => {
    const html = await (await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
    const m = re.exec(html.replace(/&amp;/g, '&'));
    expect(m, `a link ${re} in the mail to ${to}`).not.toBeNull();
    found = m![0];
  }).toPass({ timeout: 30_000 });
  const url = new URL(found, 'http://x');
  return url.pathname + url.search;
}

/**
 * The rows and links the dynamic pages need: a confirmed User (signed in by tokens), a group of
 * two companies with public contacts, a template and a draft over the group (inserted as the
 * campaign specs do), an invitation to a fresh address, an unconfirmed account, a takedown request;
 * a guest who is a member of the group and has an invitation pending to another, a sending, two
 * followed companies and a webhook whose test delivery failed.
 */
export async function preparePageData(request: APIRequestContext, baseURL: string | undefined): Promise<PageData> {
  const state = readE2eState();
  const db = new pg.Client({ connectionString: state.databaseUrl });
  await db.connect();
  try {
    const account = await registerAccount(request, { name: 'Axe', emailPrefix: 'axe' });
    const user: NewUser = { ...account, ...(await tokensOf(request, account.Email)) };
    const { rows: [u] } = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [account.Email.toLowerCase()]);
    const { rows: companies } = await db.query<{ cui: number }>(
      `SELECT c.cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY c.cui LIMIT 2`,
    );
    const groupName = `Grup axe ${account.Suffix}`;
    const { groupId, design } = await seedCampaignGroup(db, { userId: u.id, name: groupName, companies, prefix: 'axe', id: account.Suffix, baseURL });
    const { rows: [t] } = await db.query<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $2, $3, now()) RETURNING id`, [`Șablon ${account.Suffix}`, design, u.id]);
    const { rows: [d] } = await db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [`Ofertă ${account.Suffix}`, design, u.id]);
    for (const c of companies) await db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [d.id, c.cui, groupId]);

    const bearer = { Authorization: `Bearer ${user.AccessToken}` };
    const invited = `invitat.${uniq()}@exemplu.ro`;
    expect((await request.post(`/api/Group/invite?Email=${encodeURIComponent(invited)}&GroupId=${groupId}&Access=View`, { headers: bearer })).status()).toBe(200);
    const invitationPath = await mailboxLink(request, invited, /https?:\/\/[^"'\s<]*\/Invitatie\/[^"'\s<]+/);
    const unsubscribePath = await mailboxLink(request, invited, /https?:\/\/[^"'\s<]*\/dezabonare\?t=[^"'\s<]+/);

    const unconfirmed = await registerAccount(request, { name: 'Neconfirmat', confirmed: false });
    const verificationPath = await mailboxLink(request, unconfirmed.Email, /https?:\/\/[^"'\s<]*\/Verificare-email\?token=[^"'\s<]+/);

    const company = await companyWithRepresentative(request);
    const takedownConfirmPath = await takedownLink(request, company, state.databaseUrl);
    const scored = await findScoredCompanies(request);

    // A guest: a member of the User's group (View), and invited to a second group, still pending.
    const guest = await registerAccount(request, { name: 'Oaspete', emailPrefix: 'oaspete' });
    const guestBearer = { Authorization: `Bearer ${(await tokensOf(request, guest.Email)).AccessToken}` };
    expect((await request.post(`/api/Group/invite?Email=${encodeURIComponent(guest.Email)}&GroupId=${groupId}&Access=View`, { headers: bearer })).status()).toBe(200);
    const second = await request.post(`/api/Group/add?Name=${encodeURIComponent(`Invitație axe ${account.Suffix}`)}`, { headers: bearer });
    expect(second.status()).toBe(200);
    const { Id: secondGroupId } = (await second.json()) as { Id: number };
    const invitations = await request.get('/api/Group/getMyInvitations', { headers: guestBearer });
    expect(invitations.status()).toBe(200);
    const [invitation] = ((await invitations.json()) as { Items: { Id: string; GroupId: number }[] }).Items.filter((i) => i.GroupId === groupId);
    expect((await request.post(`/api/Group/acceptInvite?inviteId=${invitation.Id}`, { headers: guestBearer })).status()).toBe(200);
    expect((await request.post(`/api/Group/invite?Email=${encodeURIComponent(guest.Email)}&GroupId=${secondGroupId}&Access=Edit`, { headers: bearer })).status()).toBe(200);

    // A comment on each company of the group (the comments dialog with its thread, whichever row is first).
    const { rows: inGroup } = await db.query<{ id: number; cui: number }>(`SELECT id, cui FROM company_in_group WHERE group_id = $1`, [groupId]);
    for (const c of inGroup) {
      const comment = await request.post('/api/CompanyComment/add', { headers: bearer, data: { Content: 'Sunat azi, revine mâine.', CompanyCui: c.cui, CompanyGroupId: c.id } });
      expect(comment.status(), await comment.text()).toBe(200);
    }

    // A sending (a copy of the draft, sent: its messages wait in the queue, no SMTP sink listens).
    const sentMailName = `Trimis ${account.Suffix}`;
    const { rows: [sent] } = await db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [sentMailName, design, u.id]);
    for (const c of companies) await db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [sent.id, c.cui, groupId]);
    const sending = await request.post('/api/MailSend/sendMails', { headers: bearer, data: { MailDraftId: sent.id } });
    expect(sending.status(), await sending.text()).toBe(200);

    // Two followed companies (the list of /companii-urmarite with rows) and a webhook with a failed test delivery (its log).
    for (const c of companies) expect((await request.post('/api/Watch/watchCompany', { headers: bearer, data: { Cui: c.cui } })).status()).toBe(200);
    const hook = await request.post('/api/Webhook/create', { headers: bearer, data: { Url: 'https://hooks.exemplu.invalid/axe', Description: 'CRM axe', Events: ['company.changed'] } });
    expect(hook.status(), await hook.text()).toBe(200);
    const { Endpoint } = (await hook.json()) as { Endpoint: { Id: number } };
    expect((await request.post('/api/Webhook/test', { headers: bearer, data: { Id: Endpoint.Id } })).status()).toBeLessThan(500);

    const bids = await request.get('/api/Company/getCompanies?HasBids=true&OrderBy=Turnover_desc&PageNumber=1&PageSize=1');
    expect(bids.ok()).toBe(true);
    const [withTenders] = ((await bids.json()) as { Items: { Cui: number; Name: string }[] }).Items;

    return {
      user,
      userId: u.id,
      company,
      companyPath: companyUrl(company),
      tendersCompanyPath: companyUrl(withTenders),
      groupId,
      groupName,
      templateId: t.id,
      draftId: d.id,
      invitationPath,
      unsubscribePath,
      verificationPath,
      takedownConfirmPath,
      scoredCompanyPath: companyUrl(scored[0]),
      comparePath: `/Compara?cui=${scored.map((c) => c.Cui).join(',')}`,
      guest: { Email: guest.Email },
      sentMailName,
    };
  } finally {
    await db.end();
  }
}

/**
 * The confirmation link of one takedown request per e2e server: the server allows 5 requests an
 * hour from one address (server/personal-data/takedown.ts) and every worker, and privacy.spec.ts,
 * come from 127.0.0.1. Opening the link confirms nothing (the page's button does), so workers share it.
 */
async function takedownLink(request: APIRequestContext, company: Details, databaseUrl: string): Promise<string> {
  const cache = path.join(os.tmpdir(), `radarfirme-e2e-${process.env.E2E_PORT ?? 3100}-takedown.json`);
  try {
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { databaseUrl: string; path: string };
    if (kept.databaseUrl === databaseUrl) return kept.path;
  } catch {
    // no link kept for this server yet
  }
  const requester = `axe.date.${uniq()}@exemplu.ro`;
  const takedown = await request.post('/api/Privacy/requestTakedown', {
    data: { CompanyCUI: company.Cui, PersonName: company.Representatives[0].Name, RequesterEmail: requester, Reason: '', Confirm: true },
  });
  expect(takedown.status(), await takedown.text()).toBe(200);
  const link = await mailboxLink(request, requester, /\/date-personale\/confirmare\?token=[A-Za-z0-9_-]+/);
  writeFileSync(cache, JSON.stringify({ databaseUrl, path: link }));
  return link;
}

type Details = { Cui: number; Name: string; Representatives: { Name: string }[] };

/**
 * A company with at least one representative (the takedown form sits on that tab), from another
 * page of the list than privacy.spec.ts takes its company from: that spec hides a person, and a
 * company left with none would have no takedown button here.
 */
async function companyWithRepresentative(request: APIRequestContext): Promise<Details> {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=5&PageSize=21');
  expect(res.ok()).toBe(true);
  for (const c of ((await res.json()) as { Items: { Cui: number }[] }).Items) {
    const d = (await (await request.get(`/api/Company/getDetails/${c.Cui}`)).json()) as Details;
    if (d.Representatives.length > 0) return d;
  }
  throw new Error('no company with representatives in the seeded data');
}
