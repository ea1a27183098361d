// Campaigns end to end: a draft to a group is sent, the cron-triggered sender delivers one
// personalised message per address to a local SMTP server, the open pixel turns the status to
// Deschis and a tracked link to Interactionat in the history, a mail comment is added, and the
// unsubscribe link keeps the address out of the next send.
// The group, contacts and draft are written straight into the e2e database (their screens belong
// to other parts of the app).
import { expect, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { signInNewUser } from './support/accounts';
import { campaignSpecSetup, linkIn, seedCampaignGroup, toOf } from './support/campaign-mail';


const received: ParsedMail[] = [];
const ctx = campaignSpecSetup((r) => received.push(r.mail));

test('send a draft to a group: personalised messages, Deschis, Interactionat, comments, unsubscribe suppresses the next send', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  // Signing in through page.request stores the page-session cookie in the browser context.
  const user = await signInNewUser(page, 'Expeditor', 'expeditor');
  const { Suffix: id, ...tokens } = user;
  const auth = { authorization: `Bearer ${tokens.AccessToken}` };

  // A group with two companies, each with one public contact; a draft over the group.
  const { rows: [u] } = await ctx.db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [user.Email.toLowerCase()]);
  const { rows: companies } = await ctx.db.query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY random() LIMIT 2`,
  );
  const { groupId, emails, design } = await seedCampaignGroup(ctx.db, { userId: u.id, name: `Clienți ${id}`, companies, prefix: 'destinatar', id, baseURL });
  const g = { id: groupId };
  const newDraft = async () => {
    const { rows: [d] } = await ctx.db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [`Ofertă ${id} pentru {{NumeFirma}}`, design, u.id]);
    for (const c of companies) await ctx.db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [d.id, c.cui, g.id]);
    return d.id;
  };
  const runSender = async () => {
    const r = await request.post('/api/cron/send-mails', { headers: { authorization: `Bearer ${ctx.state.cronSecret}` } });
    expect(r.status()).toBe(200);
    return (await r.json()) as { Campaign: { Sent: number } };
  };
  const mine = () => received.filter((m) => (m.subject ?? '').includes(id));

  const draftId = await newDraft();
  const sent = await request.post('/api/MailSend/sendMails', { headers: auth, data: { MailDraftId: draftId, Content: '<p>preview</p>' } });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ Queued: 2, AlreadySent: false });
  // A second click queues nothing more.
  expect(await (await request.post('/api/MailSend/sendMails', { headers: auth, data: { MailDraftId: draftId } })).json()).toMatchObject({ AlreadySent: true });

  await expect.poll(async () => (await runSender(), mine().length), { timeout: 20_000 }).toBe(2);
  const messages = mine();
  expect(messages.map(toOf).sort()).toEqual([...emails].sort());
  for (const [i, c] of companies.entries()) {
    const m = messages.find((x) => toOf(x) === emails[i])!;
    expect(m.subject).toBe(`Ofertă ${id} pentru ${c.name}`);
    expect(m.text).toContain(`Bună ziua, Persoana ${i} de la ${c.name}!`);
  }

  // The history: one row, 0/2 opened; expanded, both addresses Trimis.
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);
  await page.goto('/Emailuri-trimise');
  await expect(page.getByRole('heading', { level: 1, name: 'Email-uri trimise' })).toBeVisible();
  const row = page.getByTestId('sending-row').filter({ hasText: `Ofertă ${id}` });
  await expect(row).toContainText('0/2 deschise');
  await row.getByRole('button', { name: 'Arată companiile' }).click();
  const mails = page.getByTestId('sending-mail-row');
  await expect(mails).toHaveCount(2);
  await expect(mails.filter({ hasText: emails[0] }).locator('[data-status]')).toHaveText('Trimis');

  // The first recipient opens the message (the pixel), the second clicks its link.
  const first = messages.find((m) => toOf(m) === emails[0])!;
  const second = messages.find((m) => toOf(m) === emails[1])!;
  const pixel = await request.get(linkIn(first, /\/api\/track\/open\?/), { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36' } });
  expect(pixel.headers()['content-type']).toBe('image/gif');
  await page.goto(linkIn(second, /\/api\/track\/click\?/));
  await expect(page).toHaveURL(/\/Coduri-caen$/);

  await page.goto('/Emailuri-trimise');
  await expect(row).toContainText('2/2 deschise');
  await row.getByRole('button', { name: 'Arată companiile' }).click();
  await expect(mails.filter({ hasText: emails[0] }).locator('[data-status]')).toHaveText('Deschis');
  await expect(mails.filter({ hasText: emails[1] }).locator('[data-status]')).toHaveText('Interacționat');

  // A comment on the first message.
  await mails.filter({ hasText: emails[0] }).getByRole('button', { name: /Comentarii pentru/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Comentarii' });
  await dialog.getByLabel('Comentariu nou').fill('Revin cu telefon luni.');
  await dialog.getByRole('button', { name: 'Adaugă comentariu' }).click();
  await expect(dialog.getByTestId('mail-comment')).toContainText('Revin cu telefon luni.');
  await page.keyboard.press('Escape');
  if (process.env.SENDING_SHOTS) {
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${process.env.SENDING_SHOTS}/emailuri-trimise-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  await test.step('Emails sent to companies', async () => {
    await page.goto('/Emailuri-trimise-companiilor');
    await page.getByLabel('Caută un email').fill(id);
    await page.getByRole('button', { name: 'Caută' }).click();
    await expect(page.getByTestId('results-count')).toHaveText('Rezultate: 2');
    await page.getByTestId('company-row').first().getByRole('button', { name: 'Arată email-urile' }).click();
    await expect(page.getByTestId('company-mails')).toContainText(`Ofertă ${id}`);
  });

  await test.step('The first recipient unsubscribes from the page of the link (opening it changes nothing)', async () => {
    await page.goto(linkIn(first, /\/dezabonare\?t=/));
    await expect(page.getByTestId('unsubscribe')).toContainText('Doriți să nu mai primiți');
    await page.getByRole('button', { name: 'Dezabonează-mă' }).click();
    await expect(page.getByTestId('unsubscribe')).toContainText('a fost dezabonată');
  });

  await test.step('The next send to the same group skips that address', async () => {
    const next = await newDraft();
    const again = await request.post('/api/MailSend/sendMails', { headers: auth, data: { MailDraftId: next } });
    expect(await again.json()).toMatchObject({ Queued: 1, Suppressed: 1 });
    await expect.poll(async () => (await runSender(), mine().length), { timeout: 20_000 }).toBe(3);
    expect(toOf(mine()[2])).toBe(emails[1]);
  });
});

test('from the template list: Trimite opens the send dialog with the template chosen, groups are ticked, the draft is sent, delivered and shown Trimis', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const user = await signInNewUser(page, 'Expeditor', 'lista');
  const id = user.Suffix;

  // A group with one company and its public contact; eleven templates, the one to send sorted last
  // (beyond the first page of ten).
  const { rows: [u] } = await ctx.db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [user.Email.toLowerCase()]);
  const { rows: [company] } = await ctx.db.query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY random() LIMIT 1`,
  );
  const groupName = `Grup listă ${id}`;
  const { rows: [g] } = await ctx.db.query<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [groupName, u.id]);
  await ctx.db.query(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [g.id, u.id]);
  await ctx.db.query(`INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3)`, [g.id, company.cui, u.id]);
  const email = `lista.${id}@exemplu-e2e.ro`;
  await ctx.db.query(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, $2, $3, now())`, [company.cui, 'Ioana', email]);
  const design = JSON.stringify({
    format: 'grapesjs-mjml',
    version: 1,
    mjml: `<mjml><mj-body><mj-section><mj-column><mj-text>Salut, {{NumeFirma}}!</mj-text><mj-button href="${baseURL}/Coduri-caen">Vezi</mj-button></mj-column></mj-section></mj-body></mjml>`,
    project: null,
  });
  for (let i = 0; i < 10; i++) {
    await ctx.db.query(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $2, $3, now())`, [`A ${id} ${i}`, design, u.id]);
  }
  const title = `Z Campanie ${id}`;
  await ctx.db.query(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $2, $3, now())`, [title, design, u.id]);

  // The template list, page 2: Trimite on the last template.
  await page.goto('/Template-uri');
  await expect(page.getByText('Rezultate: 11')).toBeVisible();
  await page.getByRole('button', { name: 'Pagina 2' }).click();
  await page.getByRole('button', { name: `Trimite ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Trimite email grupurilor' });
  await expect(dialog.getByRole('radio', { name: title })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Trimite', exact: true })).toBeEnabled();
  await expect(dialog.getByTestId('consent-notice')).toBeVisible();
  // All the user's templates are reachable in the dialog: the first ten plus the chosen one, pinned;
  // "Mai multe template-uri" appends the next page (the chosen one is then in its place).
  await expect(dialog.getByRole('radio')).toHaveCount(11);
  await dialog.getByRole('button', { name: 'Mai multe template-uri' }).click();
  await expect(dialog.getByRole('button', { name: 'Mai multe template-uri' })).toHaveCount(0);
  await expect(dialog.getByRole('radio')).toHaveCount(11);
  await expect(dialog.getByRole('radio', { name: title })).toBeChecked();
  await dialog.getByRole('checkbox', { name: new RegExp(groupName) }).check();
  await dialog.getByRole('button', { name: 'Previzualizare' }).click();
  await expect(dialog.locator('iframe[title="Previzualizare email"]')).toBeVisible();
  await expect(dialog.frameLocator('iframe[title="Previzualizare email"]').getByText(/Salut, /)).toBeVisible();

  await test.step('Trimite', async () => {
    await dialog.getByRole('button', { name: 'Trimite', exact: true }).click();
    await expect(page.getByTestId('success-dialog')).toContainText('Draft-ul a fost creat');
    await page.waitForURL('**/Template-uri/Draft/**');
    await expect(page.getByRole('tab', { name: 'Listă firme (1)' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Trimite', exact: true });
    await expect(send).toBeEnabled({ timeout: 60_000 });
    await send.click();
    // Issue 28: the send dialog (now or scheduled); "Acum" is the default.
    await page.getByRole('dialog', { name: 'Avertisment' }).getByRole('button', { name: 'Da' }).click();
    await expect(page.getByTestId('success-dialog')).toContainText('Email-ul a fost trimis');
    await page.waitForURL('**/Emailuri-trimise');
  });

  // The sender delivers it; the history shows Trimis with the time of its event.
  const runSender = async () => {
    const r = await request.post('/api/cron/send-mails', { headers: { authorization: `Bearer ${ctx.state.cronSecret}` } });
    expect(r.status()).toBe(200);
  };
  const mine = () => received.filter((m) => toOf(m) === email);
  await expect.poll(async () => (await runSender(), mine().length), { timeout: 20_000 }).toBe(1);
  expect(mine()[0].subject).toBe(title);
  expect(mine()[0].text).toContain(`Salut, ${company.name}!`);
  const { rows: events } = await ctx.db.query<{ status: string }>(
    `SELECT e.status FROM mail_status_event e JOIN mail_send ms ON ms.id = e.mail_send_id WHERE ms.email = $1`,
    [email],
  );
  expect(events).toEqual([{ status: 'Trimis' }]);

  await page.reload();
  const row = page.getByTestId('sending-row').filter({ hasText: title });
  await expect(row).toContainText('0/1 deschise');
  await row.getByRole('button', { name: 'Arată companiile' }).click();
  const mail = page.getByTestId('sending-mail-row').filter({ hasText: email });
  await expect(mail.locator('[data-status]')).toHaveText('Trimis');
  await expect(mail.getByTestId('status-on')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
});
