// Prospecting (issue 27) in a real Chromium against the production build: search, add all results
// to a new group (the count shown before confirming), export the group to XLSX and read the file
// back, check a pasted and an uploaded CUI list with bad lines, see a zip bomb refused, save the search and find it on its
// page, point a draft at the saved search and send it through the local mailbox (the public
// contact receives it, another user's private contact does not), print a company page to an A4
// PDF. The screens' accessibility: accessibility.spec.ts.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInNewUser, uniq } from './support/accounts';
import { campaignDesign, campaignSpecSetup, toOf, type ReceivedMail } from './support/campaign-mail';
import { companyUrl } from './support/company';
import { makeXlsx, sheetXml } from '../support/hostile-uploads';

const received: ReceivedMail[] = [];
const ctx = campaignSpecSetup((r) => received.push(r));

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
/** The advanced search for `text`, its results counted. */
async function searchFor(page: Page, text: string, count: number) {
  await page.goto('/Cautare-avansata');
  await page.getByLabel('Nume firmă sau CUI').fill(text);
  await page.getByLabel('Nume firmă sau CUI').press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${count}\\b`) })).toBeVisible();
}
/** The group page's CUI list dialog: `give` pastes or uploads, the preview must say each of `says`. */
async function checkCuiList(page: Page, give: (dialog: Locator) => Promise<void>, says: string[]) {
  await page.getByRole('button', { name: 'adaugă listă de CUI-uri' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adaugă listă de CUI-uri' });
  await give(dialog);
  await dialog.getByRole('button', { name: 'Verifică lista' }).click();
  const result = dialog.getByRole('region', { name: 'Rezultatul verificării' });
  for (const text of says) await expect(result).toContainText(text);
  await dialog.getByRole('button', { name: 'Renunță' }).click();
}
const slug = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

test('from a search to a group, an exported file, checked CUI lists, a saved search and a draft sent to it', async ({ page, request, baseURL }) => {
  // One journey through the mailbox: about a minute; the bound stops a stuck step early.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInNewUser(page, 'Prospector', 'prospector');
  const auth = { authorization: `Bearer ${user.AccessToken}` };
  const groupName = `Prospecți ${uniq()}`;
  const created = await page.request.post(`/api/Group/add?name=${encodeURIComponent(groupName)}`, { headers: auth });
  expect(created.status()).toBe(200);
  const group = (await created.json()) as { Id: number; Name: string };

  // A CUI prefix matches a handful of companies: the whole search fits in the group.
  const top = (await (await page.request.get('/api/Company/getCompanies?PageSize=1')).json()) as { Items: Array<{ Cui: number; Name: string }> };
  const prefix = String(top.Items[0].Cui).slice(0, 6);
  const expected = (await (await page.request.get(`/api/Company/getCompanies?SearchText=${prefix}&PageSize=100`)).json()) as { Count: number; Items: Array<{ Cui: number; Name: string }> };
  expect(expected.Count).toBeGreaterThan(0);
  expect(expected.Count).toBeLessThan(100);

  await test.step('Add every result of the search to the group', async () => {
    await searchFor(page, prefix, expected.Count);
    const addAll = page.getByRole('button', { name: 'Adaugă toate rezultatele în grup' });
    await expect(addAll).toBeVisible();
    await addAll.click();
    const dialog = page.getByRole('dialog', { name: 'Adaugă toate rezultatele în grup' });
    await expect(dialog).toContainText(expected.Count === 1 ? 'o companie' : `${expected.Count}`);
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: new RegExp(groupName) }).click();
    await dialog.getByRole('button', { name: 'Adaugă', exact: true }).click();
    await expect(toast(page, /adăugat/)).toBeVisible();
  });

  await test.step('Export the group to XLSX and read it back', async () => {
    await page.goto(`/Grupuri-email/${group.Id}/${slug(groupName)}`);
    await page.getByRole('button', { name: 'exportă firmele' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^radarfirme-grup-${slug(groupName)}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.xlsx$`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['CUI', 'Denumire', 'Cifra de afaceri netă', 'Profit net']));
    expect(ws.actualRowCount).toBe(expected.Count + 1);
    const cuiCol = header.indexOf('CUI') + 1;
    const turnoverCol = header.indexOf('Cifra de afaceri netă') + 1;
    const cuis: number[] = [];
    for (let r = 2; r <= ws.actualRowCount; r++) {
      cuis.push(ws.getRow(r).getCell(cuiCol).value as number);
      expect(typeof ws.getRow(r).getCell(turnoverCol).value).toBe('number');
    }
    expect(cuis.sort()).toEqual(expected.Items.map((i) => i.Cui).sort());
  });

  await test.step('Check a pasted CUI list with bad lines', async () => {
    await checkCuiList(page, (dialog) => dialog.getByLabel('CUI-uri').fill([`RO${expected.Items[0].Cui}`, '12345678', 'nu este un cui', String(top.Items[0].Cui)].join('\n')), [
      'Invalide: 2',
      'linia 2: 12345678',
      'linia 3: nu este un cui',
    ]);
  });

  await test.step('Upload a CUI list file with bad lines and see the preview', async () => {
    const csv = ['CUI;Firma', `RO${expected.Items[0].Cui};prima`, '12345678;cifră de control greșită', 'fără cui;x', `${expected.Items[0].Cui};repetată`].join('\r\n');
    await checkCuiList(
      page,
      (dialog) => dialog.getByLabel('sau un fișier (CSV, XLSX, TXT)').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') }),
      ['Găsite: 1', 'Invalide: 2', 'linia 3: 12345678'],
    );
  });

  await test.step('A zip bomb named .xlsx is refused with a message, at once (decision 087)', async () => {
    // 5 KB that declare a 300 MB sheet: refused before inflating (the message of server/uploads/refusal.ts).
    const bomb = makeXlsx({ data: Buffer.from(sheetXml([['CUI'], [expected.Items[0].Cui]])), declaredSize: 300_000_000 });
    await page.getByRole('button', { name: 'adaugă listă de CUI-uri' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adaugă listă de CUI-uri' });
    await dialog.getByLabel('sau un fișier (CSV, XLSX, TXT)').setInputFiles({ name: 'clienti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bomb });
    await dialog.getByRole('button', { name: 'Verifică lista' }).click();
    await expect(toast(page, 'Fișierul despachetat este prea mare. Împărțiți lista în fișiere mai mici.')).toBeVisible({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Renunță' }).click();
  });

  await test.step('Save the search and find it on its page', async () => {
    await searchFor(page, prefix, expected.Count);
    await page.getByRole('button', { name: 'Salvează căutarea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Salvează căutarea' });
    await dialog.getByLabel('Numele căutării').fill('Firmele mele E2E');
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(toast(page, 'Căutarea a fost salvată.')).toBeVisible();
    await page.goto('/Cautari-salvate');
    const item = page.getByRole('listitem').filter({ hasText: 'Firmele mele E2E' });
    await expect(item).toContainText('0 noi');
    await page.setViewportSize({ width: 360, height: 780 });
    await item.getByRole('button', { name: /Deschide/ }).click();
    await expect(page).toHaveURL(/\/Cautare-avansata/);
    await expect(page.getByLabel('Nume firmă sau CUI')).toHaveValue(prefix);
    await expect(page.getByRole('button', { name: 'Adaugă toate rezultatele în grup' })).toBeVisible();
  });

  await test.step('Send a draft to the saved search through the local mailbox', async () => {
    const id = user.Suffix;
    const { rows: [me] } = await ctx.db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [user.Email.toLowerCase()]);
    const { rows: [other] } = await ctx.db.query<{ id: number }>(`SELECT id FROM app_user WHERE id <> $1 ORDER BY id LIMIT 1`, [me.id]);
    const [a, b] = expected.Items;
    const publicAddress = `segment.${id}@exemplu-e2e.ro`;
    const theirPrivate = `privat-altcineva.${id}@exemplu-e2e.ro`;
    await ctx.db.query(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Ana Segment', $2, now())`, [a.Cui, publicAddress]);
    await ctx.db.query(`INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, 'Privat', $3, true, now())`, [(b ?? a).Cui, other.id, theirPrivate]);
    const { rows: [d] } = await ctx.db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [`Segment ${id} pentru {{NumeFirma}}`, campaignDesign(baseURL), me.id]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/Template-uri/Draft/${d.id}/segment`);
    const segment = page.getByRole('region', { name: 'Căutare salvată (segment)' });
    await expect(segment.getByRole('combobox', { name: 'Trimite și firmelor găsite de' })).toBeEnabled({ timeout: 60_000 });
    // No companies and no segment yet: nothing to send.
    await expect(page.getByRole('button', { name: 'Trimite', exact: true })).toBeDisabled();
    await segment.getByRole('combobox', { name: 'Trimite și firmelor găsite de' }).click();
    await page.getByRole('option', { name: /Firmele mele E2E/ }).click();
    await segment.getByRole('button', { name: 'Aplică' }).click();
    await expect(toast(page, 'Draft-ul trimite și către căutarea salvată.')).toBeVisible();
    await expect(segment.getByTestId('draft-segment-count')).toContainText(`„Firmele mele E2E” găsește acum ${expected.Count === 1 ? 'o companie' : `${expected.Count} `}`);
    // The preview counts the recipients now: at least the public contact, never the other's private one.
    await expect(page.getByTestId('send-notice')).toContainText(/Destinatari: [1-9]\d* adrese de email\./);
    await expect(page.getByRole('button', { name: 'Trimite', exact: true })).toBeEnabled({ timeout: 60_000 });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Avertisment' });
    await expect(confirm).toContainText(`către cele ${expected.Count} firme`);
    await confirm.getByRole('button', { name: 'Da' }).click();
    await page.waitForURL('**/Emailuri-trimise');
    const mine = () => received.filter((r) => (r.mail.subject ?? '').startsWith(`Segment ${id} `));
    await expect
      .poll(async () => {
        const r = await request.post('/api/cron/send-mails', { headers: { authorization: `Bearer ${ctx.state.cronSecret}` } });
        expect(r.status()).toBe(200);
        return mine().some((m) => toOf(m.mail) === publicAddress);
      }, { timeout: 60_000 })
      .toBe(true);
    const toPublic = mine().find((m) => toOf(m.mail) === publicAddress)!;
    expect(toPublic.mail.subject).toBe(`Segment ${id} pentru ${a.Name}`);
    expect(toPublic.mail.text).toContain(`Bună ziua, Ana Segment de la ${a.Name}!`);
    expect(mine().map((m) => toOf(m.mail))).not.toContain(theirPrivate);
    const { rows: [sent] } = await ctx.db.query<{ n: number }>(`SELECT count(DISTINCT cui)::int AS n FROM grouped_mail_company WHERE grouped_mail_id = $1`, [d.id]);
    expect(sent.n).toBe(expected.Count);
  });
});

test('a company page prints as a clean A4 report', async ({ page }) => {
  const top = (await (await page.request.get('/api/Company/getCompanies?PageSize=1')).json()) as { Items: Array<{ Cui: number; Name: string }> };
  await page.goto(companyUrl(top.Items[0]));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header[data-slot="site-header"]')).toBeHidden();
  await expect(page.locator('footer')).toBeHidden();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  // A4 in points, on every page.
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
  expect(box).not.toBeNull();
  expect(Math.round(Number(box![1]))).toBeGreaterThanOrEqual(594);
  expect(Math.round(Number(box![1]))).toBeLessThanOrEqual(596);
  expect(Math.round(Number(box![2]))).toBeGreaterThanOrEqual(841);
  expect(Math.round(Number(box![2]))).toBeLessThanOrEqual(843);
  const pages = text.match(/\/Type \/Page\b/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(12);
});
