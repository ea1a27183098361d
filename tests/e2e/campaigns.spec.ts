// Campaigns a salesperson can trust (issue 28), one journey through the local SMTP sink: the
// draft page shows the sender and Reply-To, a test goes to the author only, the sending is
// scheduled three minutes ahead and leaves once the server's clock (moved, decision 089: no
// waiting for the real minute) passes it, with the author's Reply-To (where a reply lands), a
// late DSN for one recipient suppresses it, the follow-up reaches only the recipient who did not
// open, and the results page shows each number (the pages' accessibility:
// accessibility.spec.ts). The reply is sent back through the sink (a mail client
// answering the captured message) and lands at the author's address; the results are exported.
import ExcelJS from 'exceljs';
import nodemailer from 'nodemailer';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signInNewUser } from './support/accounts';
import { campaignSpecSetup, linkIn, seedCampaignGroup, toOf, type ReceivedMail } from './support/campaign-mail';
import { bucharestToUtc, utcToBucharestLocal } from '../../lib/sending/schedule';

const received: (ReceivedMail & { at: number })[] = [];
const ctx = campaignSpecSetup((r) => received.push({ ...r, at: Date.now() }));

test('test send, scheduled sending on time with Reply-To, a late DSN suppresses, the follow-up reaches only the non-opener, the results page', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const user = await signInNewUser(page, 'Ana Popescu', 'campanii');
  const { Suffix: id, ...tokens } = user;
  const email = user.Email.toLowerCase();

  // Three companies with one public contact each, a group, a draft over it and a follow-up template.
  const { rows: [u] } = await ctx.db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [email]);
  const { rows: companies } = await ctx.db.query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY random() LIMIT 3`,
  );
  const { groupId, emails, design } = await seedCampaignGroup(ctx.db, { userId: u.id, name: `Campanie ${id}`, companies, prefix: 'client', id, baseURL });
  const g = { id: groupId };
  const { rows: [d] } = await ctx.db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [`Ofertă ${id} pentru {{NumeFirma}}`, design, u.id]);
  for (const c of companies) await ctx.db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [d.id, c.cui, g.id]);
  const followUpName = `Revenire ${id}`;
  await ctx.db.query(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $2, $3, now())`, [followUpName, design, u.id]);
  const runSender = async () => {
    const r = await request.post('/api/cron/send-mails', { headers: { authorization: `Bearer ${ctx.state.cronSecret}` } });
    expect(r.status()).toBe(200);
  };
  const mine = () => received.filter((r) => (r.mail.subject ?? '').includes(id));
  // The e2e server's clock (TEST_CLOCK=1): OffsetSeconds ahead of the machine's.
  const setServerClock = async (offsetSeconds: number) => {
    const r = await request.post('/api/cron/test-clock', { headers: { authorization: `Bearer ${ctx.state.cronSecret}` }, data: { OffsetSeconds: offsetSeconds } });
    expect(r.status()).toBe(200);
  };

  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);

  // Named steps, so a failure says which part broke; what later steps need is declared here.
  let campaign: typeof received = [];

  await test.step('The draft page: sender and Reply-To, then a test to oneself', async () => {
    await page.goto(`/Template-uri/Draft/${d.id}/oferta`);
    const testButton = page.getByRole('button', { name: 'Trimite un test' });
    await expect(testButton).toBeEnabled({ timeout: 60_000 });
    // The account's name is "Ana Popescu <suffix>": From shows it with "prin RadarFirme".
    const identity = page.getByTestId('sender-identity');
    await expect(identity).toContainText(/Ana Popescu \S+ prin RadarFirme </, { timeout: 30_000 });
    await expect(identity).toContainText(email);
    await testButton.click();
    const testDialog = page.getByRole('dialog', { name: 'Trimite un test' });
    await testDialog.getByLabel('Firma ale cărei date apar în test').selectOption(String(companies[1].cui));
    await testDialog.getByRole('button', { name: 'Trimite testul' }).click();
    await expect(page.getByText(`Testul a fost trimis la ${email}.`)).toBeVisible();
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
    const testMail = mine()[0].mail;
    expect(toOf(testMail)).toBe(email);
    expect(testMail.subject).toBe(`[Test] Ofertă ${id} pentru ${companies[1].name}`);
    const { rows: [{ n: queuedByTest }] } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_send WHERE grouped_mail_id = $1`, [d.id]);
    expect(queuedByTest).toBe(0);
  });

  await test.step('Scheduled three minutes ahead (Romania\'s time), sent once the moved clock passes it', async () => {
    const at = utcToBucharestLocal(new Date(Date.now() + 3 * 60_000));
    const dueAt = bucharestToUtc(at)!.getTime();
    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Avertisment' });
    await sendDialog.getByRole('radio', { name: 'La o dată și o oră' }).check();
    await sendDialog.getByLabel('Data și ora (ora României)').fill(at);
    await sendDialog.getByRole('button', { name: 'Da' }).click();
    await page.waitForURL('**/Emailuri-trimise');
    const row = page.getByTestId('sending-row').filter({ hasText: `Ofertă ${id}` });
    await expect(row.getByTestId('scheduled-for')).toContainText('Programată:');

    // Not before its time, even with the server's clock 30 s short of the chosen minute; then it
    // leaves at the first sender cycle once the clock has passed it.
    await runSender();
    expect(mine()).toHaveLength(1);
    try {
      await setServerClock(Math.max(0, Math.floor((dueAt - 30_000 - Date.now()) / 1000)));
      await runSender();
      expect(mine()).toHaveLength(1);
      await setServerClock(Math.ceil((dueAt - Date.now()) / 1000) + 1);
      await expect.poll(async () => (await runSender(), mine().length), { timeout: 20_000 }).toBe(4);
    } finally {
      // The specs running beside this one share the server's clock: moved for seconds only, always put back.
      await setServerClock(0);
    }
    campaign = mine().slice(1);
    expect(campaign.map((r) => toOf(r.mail)).sort()).toEqual([...emails].sort());
    // Delivered before the chosen minute came in real time: only the moved clock made them due.
    for (const r of campaign) expect(r.at).toBeLessThan(dueAt);
    for (const r of campaign) {
      expect(r.mail.from?.value[0].name).toMatch(/^Ana Popescu \S+ prin RadarFirme$/);
      // A reply lands at the author's address: Reply-To is it.
      expect(r.mail.replyTo?.value[0].address).toBe(email);
      expect(r.envelopeFrom).toMatch(/^bounces\+[0-9a-f-]{36}@/);
    }
  });

  await test.step('A prospect\'s reply reaches the author through Reply-To', async () => {
    const answered = campaign.find((r) => toOf(r.mail) === emails[2])!;
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: ctx.state.smtpPort, secure: false, ignoreTLS: true });
    await client.sendMail({
      from: emails[2],
      to: answered.mail.replyTo!.text,
      subject: `Re: ${answered.mail.subject}`,
      inReplyTo: answered.mail.messageId,
      references: answered.mail.messageId,
      text: 'Bună ziua, ne interesează oferta.',
    });
    client.close();
    await expect.poll(() => mine().filter((r) => r.mail.subject === `Re: ${answered.mail.subject}`).length, { timeout: 10_000 }).toBe(1);
    const reply = mine().find((r) => r.mail.subject === `Re: ${answered.mail.subject}`)!;
    expect(toOf(reply.mail)).toBe(email);
    expect(reply.mail.inReplyTo).toBe(answered.mail.messageId);
  });

  await test.step('A late DSN for the first recipient suppresses the address', async () => {
    const bounced = campaign.find((r) => toOf(r.mail) === emails[0])!;
    const dsn = readFileSync(path.join(__dirname, '../fixtures/mail/dsn-postfix-hard.eml'), 'utf8')
      .replace(/\{\{BOUNCE_TO\}\}/g, bounced.envelopeFrom)
      .replace(/\{\{RECIPIENT\}\}/g, emails[0])
      .replace(/\{\{MESSAGE_ID\}\}/g, bounced.mail.messageId ?? '');
    const inbound = await request.post('/api/inbound/bounce', { headers: { authorization: `Bearer ${ctx.state.cronSecret}`, 'content-type': 'message/rfc822' }, data: dsn });
    expect(await inbound.json()).toMatchObject({ Type: 'dsn', Matched: 1, Suppressed: 1 });
    const { rows: [s] } = await ctx.db.query<{ reason: string }>(`SELECT reason FROM mail_suppression WHERE email = $1`, [emails[0]]);
    expect(s.reason).toBe('Bounce');
  });

  await test.step('The second recipient opens and clicks; the third does nothing', async () => {
    const opener = campaign.find((r) => toOf(r.mail) === emails[1])!;
    await request.get(linkIn(opener.mail, /\/api\/track\/open\?/), { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36' } });
    await page.goto(linkIn(opener.mail, /\/api\/track\/click\?/));
    await expect(page).toHaveURL(/\/Coduri-caen$/);
  });

  await test.step('The results page shows each number; a follow-up to those who did not open', async () => {
    await page.goto(`/Emailuri-trimise/Rezultate/${d.id}`);
    // Each number: three delivered, none waiting or failed, one bounced later, one opened and clicked.
    const numbers = { Total: '3', Queued: '0', Sent: '3', Deferred: '0', Failed: '0', Bounced: '1', Complaints: '0', Opened: '1', Clicked: '1', Unsubscribed: '0', Suppressed: '0' };
    for (const [key, n] of Object.entries(numbers)) {
      // The count is the first text of the figure (its rate follows in a span).
      await expect.poll(() => page.getByTestId(`result-${key}`).locator('dd').evaluate((el) => el.firstChild?.textContent?.trim()), { message: key }).toBe(n);
    }
    await expect(page.getByTestId('result-Opened')).toContainText('33,3%');
    await expect(page.getByTestId('result-Clicked')).toContainText('33,3%');
    await expect(page.getByTestId('result-Bounced')).toContainText('33,3%');
    await expect(page.getByTestId('results-state')).toHaveText('Trimiterea s-a încheiat.');
    await expect(page.getByTestId('results-links')).toContainText(`${baseURL}/Coduri-caen`);
    const followUp = page.getByTestId('follow-up');
    await followUp.getByLabel('Template').selectOption({ label: followUpName });
    await followUp.getByLabel('După (zile)').fill('2');
    await followUp.getByLabel('Către').selectOption('NotOpened');
    await followUp.getByRole('button', { name: 'Programează follow-up' }).click();
    await expect(followUp).toContainText(`Follow-up „${followUpName}” după 2 zile`);
  });

  await test.step('The per-recipient results as a file carry the bounce and the click', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Exportă rezultatele pe destinatari' }).click();
        await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^radarfirme-trimitere-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheetRows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => sheetRows.push((r.values as unknown[]).slice(1)));
    const header = sheetRows[0] as string[];
    expect(sheetRows).toHaveLength(4);
    const byEmail = new Map(sheetRows.slice(1).map((r) => [r[header.indexOf('Email')], r]));
    expect(byEmail.get(emails[0])![header.indexOf('Exclus din trimiteri')]).toBe('Respins');
    expect(byEmail.get(emails[1])![header.indexOf('Stare')]).toBe('Interacționat');
  });

  await test.step('Two days later (moved by hand) the follow-up reaches only the third recipient', async () => {
    await ctx.db.query(`UPDATE campaign_follow_up SET due_at = now() - interval '1 second' WHERE grouped_mail_id = $1`, [d.id]);
    await expect.poll(async () => (await runSender(), received.filter((r) => r.mail.subject === followUpName).length), { timeout: 30_000 }).toBe(1);
    expect(toOf(received.find((r) => r.mail.subject === followUpName)!.mail)).toBe(emails[2]);
    await page.reload();
    await expect(page.getByTestId('follow-up')).toContainText('trimis');
  });
});
