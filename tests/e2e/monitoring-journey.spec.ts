// Issue 26, "Done when": a user follows a company and a group; the project's importer loads a
// changed ONRC extract and a new MF year (files in the official formats); both changes reach the
// feed and the companies' "Istoric modificări"; the daily digest, triggered through the cron
// endpoint at the user's chosen hour, lands in the local mailbox with RFC 8058 headers; its
// one-click unsubscribe turns the mail off (the pages' accessibility: accessibility.spec.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signInNewUser, uniq } from './support/accounts';
import { companyUrl } from './support/company';
import { readE2eState } from './support/e2e-state';
import { OPEN_DATA, runImporter, writeMfYear } from './support/import';
import { followFromCompanyPage } from './support/watch';

test.describe.configure({ timeout: 600_000 });

/** Status 1048 → 1139 (insolvență) in the changed extract (tests/fixtures/open-data/onrc-v2). */
const STATUS_CUI = 31000043;
/** Filed statements in the MF fixture; a newer year is written below. */
const MF_CUI = 16834908;

const state = readE2eState();

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: state.databaseUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The mailbox messages to `to`, newest first, with their raw source (every header is there). */
function mailsTo(to: string): Array<{ Subject: string; Text: string; Kind: string; raw: string }> {
  return readdirSync(state.mailboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .map((f) => ({ f, m: JSON.parse(readFileSync(path.join(state.mailboxDir, f), 'utf8')) }))
    .filter(({ m }) => String(m.To).toLowerCase() === to.toLowerCase())
    .map(({ f, m }) => ({ ...m, raw: readFileSync(path.join(state.mailboxDir, f.replace(/\.json$/, '.eml')), 'utf8') }));
}

/** A header of a raw message, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1].replace(/\r?\n[ \t]+/g, ' ').trim() ?? null;

test('follow a company and a group, import ONRC and MF, read the feed, the history and the digest, unsubscribe', async ({ page, request }) => {
  // The register before: the ONRC extract of 1 October and the MF year 2023 (the first run of a
  // source is its baseline and records nothing; on a rerun of this spec they put things back).
  await test.step('baseline imports', async () => {
    runImporter('onrc', path.join(OPEN_DATA, 'onrc-v1'));
    runImporter('mf', path.join(OPEN_DATA, 'mf'));
  });
  const [statusCo] = await query<{ name: string }>(`SELECT name FROM company WHERE cui = $1`, [STATUS_CUI]);
  const [mfCo] = await query<{ name: string; last_year: number }>(`SELECT name, last_year FROM company WHERE cui = $1`, [MF_CUI]);
  expect(mfCo.last_year).toBeGreaterThanOrEqual(2023);
  const newYear = Math.max(2024, mfCo.last_year + 1);

  const user = await signInNewUser(page, 'Monitor', 'monitor');
  const auth = { authorization: `Bearer ${user.AccessToken}` };

  await test.step('the digest at this hour of the Romanian clock (the settings page)', async () => {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Bucharest' }).format(new Date()));
    await page.goto('/notificari/setari');
    const select = page.getByLabel('Ora rezumatului zilnic (ora României)');
    await expect(async () => {
      await select.selectOption(String(hour), { timeout: 3_000 });
      await page.getByRole('button', { name: 'Salvează setările' }).click({ timeout: 3_000 });
      const saved = await (await request.get('/api/Notification/getSettings', { headers: auth })).json();
      expect(saved).toMatchObject({ DigestHour: hour, EmailMode: 'digest', EmailEnabled: true });
    }).toPass({ timeout: 60_000 });
  });

  await test.step('follow the company from its page', async () => {
    await page.goto(companyUrl({ Cui: STATUS_CUI, Name: statusCo.name }));
    await followFromCompanyPage(page);
  });

  await test.step('follow a group holding the other company', async () => {
    const created = await request.post(`/api/Group/add?name=${encodeURIComponent(`Parteneri ${uniq()}`)}`, { headers: auth });
    expect(created.status()).toBe(200);
    const group = (await created.json()) as { Id: number };
    expect((await request.post(`/api/Group/addComapaniesToGroup?groupId=${group.Id}`, { headers: auth, data: [MF_CUI] })).status()).toBe(200);
    await page.goto(`/Grupuri-email/${group.Id}`);
    const button = page.getByTestId('watch-group-button');
    await expect(async () => {
      await expect(button).toBeEnabled({ timeout: 3_000 });
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await page.goto('/companii-urmarite');
    // the table loads over the API: a busy machine takes its time
    await expect(page.getByRole('row').filter({ hasText: statusCo.name })).toBeVisible({ timeout: 60_000 });
  });

  await test.step('the importer loads a changed ONRC extract and a new MF year', async () => {
    const onrc = runImporter('onrc', path.join(OPEN_DATA, 'onrc-v2'));
    // the 2023 figures of this company, one year on: more employees and turnover
    const mf = runImporter('mf', writeMfYear(newYear, [`${MF_CUI},4120,500000,400000,50000,250000,100000,0,300000,0,0,600000,1000,0,12000000,12050000,11800000,250000,0,210000,0,60`]));
    // the importer writes no notification (decision 073): the cron tick's fan-out does, after it
    const mine = () =>
      query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notification n JOIN company_change c ON c.id = n.change_id JOIN app_user u ON u.id = n.user_id
          WHERE lower(u.email) = lower($1) AND c.run_id = ANY($2)`,
        [user.Email, [onrc.runId, mf.runId]],
      ).then((r) => r[0].n);
    expect(await mine()).toBe(0);
    const tick = await request.post('/api/cron/send-notifications', { headers: { authorization: `Bearer ${state.cronSecret}` } });
    expect(tick.status()).toBe(200);
    expect(((await tick.json()) as { Notified: number }).Notified).toBeGreaterThanOrEqual(2);
    expect(await mine()).toBeGreaterThanOrEqual(2);
  });

  await test.step('both changes in the feed', async () => {
    await page.goto('/notificari');
    const feed = page.getByTestId('notification');
    await expect(feed.filter({ hasText: statusCo.name }).filter({ hasText: 'Starea firmei (ONRC)' })).toBeVisible({ timeout: 60_000 });
    await expect(feed.filter({ hasText: mfCo.name }).filter({ hasText: `Situații financiare pentru anul ${newYear}` })).toBeVisible({ timeout: 60_000 });
    const bell = page.getByTestId('notification-bell').filter({ visible: true }).first();
    await expect(bell).toHaveAccessibleName(/^Notificări/);
  });

  await test.step('both changes in the companies\' history, with source and data date', async () => {
    await page.goto(companyUrl({ Cui: STATUS_CUI, Name: statusCo.name }));
    const history = page.getByTestId('change-history');
    await expect(history.getByRole('listitem').filter({ hasText: /^Starea firmei \(ONRC\): .*\(1048\) → .*\(1139\)/ }).first()).toContainText('ONRC, 12.10.2026');
    await page.goto(companyUrl({ Cui: MF_CUI, Name: mfCo.name }));
    await expect(page.getByTestId('change-history').getByRole('listitem').filter({ hasText: `Situații financiare pentru anul ${newYear}` }).first()).toContainText('Ministerul Finanțelor');
  });

  let unsubscribe = '';
  let footerLink = '';
  await test.step('the digest, sent by the cron tick, in the local mailbox', async () => {
    await expect(async () => {
      const tick = await request.post('/api/cron/send-notifications', { headers: { authorization: `Bearer ${state.cronSecret}` } });
      expect(tick.status()).toBe(200);
      expect(mailsTo(user.Email).filter((m) => m.Kind === 'watch-notifications')).toHaveLength(1);
    }).toPass({ timeout: 60_000 });
    const [mail] = mailsTo(user.Email).filter((m) => m.Kind === 'watch-notifications');
    expect(mail.Subject).toMatch(/modificări la firmele urmărite/);
    expect(mail.Text).toContain(statusCo.name);
    expect(mail.Text).toContain(`Situații financiare pentru anul ${newYear}`);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    unsubscribe = /^<(.+)>$/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/\/api\/Notification\/unsubscribe\?t=/);
    footerLink = /Dezabonare: (\S+)/.exec(mail.Text)?.[1] ?? '';
    expect(footerLink).toContain('/notificari/dezabonare?t=');
    // the same tick again: one digest a day
    await request.post('/api/cron/send-notifications', { headers: { authorization: `Bearer ${state.cronSecret}` } });
    expect(mailsTo(user.Email).filter((m) => m.Kind === 'watch-notifications')).toHaveLength(1);
  });

  await test.step('the footer\'s page changes nothing on opening; the one-click POST unsubscribes', async () => {
    await page.goto(footerLink.slice(footerLink.indexOf('/notificari')));
    await expect(page.getByRole('button', { name: 'Dezabonează-mă' })).toBeVisible();
    expect((await (await request.get('/api/Notification/getSettings', { headers: auth })).json()).EmailEnabled).toBe(true);
    // RFC 8058: a POST with the body List-Unsubscribe=One-Click, no cookie, no session
    const res = await request.post(unsubscribe.slice(unsubscribe.indexOf('/api/')), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(res.status()).toBe(200);
    expect((await (await request.get('/api/Notification/getSettings', { headers: auth })).json()).EmailEnabled).toBe(false);
    // the feed goes on
    const feed = await (await request.get('/api/Notification/getNotifications', { headers: auth })).json();
    expect(feed.Count).toBeGreaterThanOrEqual(2);
  });
});
