// Email templates and drafts in a real Chromium against the production build: design a template in
// the visual editor (drag a block, type text, insert a merge field), save it, reopen it unchanged,
// make a draft from it for a group, add, search (which must not save the draft) and remove
// companies, see the Are email-uri marks, save the draft and find it in the drafts list. "Unchanged" is checked on the server: the title, tags,
// description and stored design (Content of MailTemplate/get) are the same after reopening and
// saving without changes. The editor runs offline: every request of its pages goes to the app
// itself (no CDN, no web fonts). The pages' accessibility: accessibility.spec.ts.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signInNewUser, uniq } from './support/accounts';



type Company = { Cui: number; Name: string };
type StoredTemplate = { Id: number; Name: string; Description: string; Content: string; Tags: string[] };

async function storedTemplate(request: APIRequestContext, token: string, id: number): Promise<StoredTemplate> {
  const res = await request.get(`/api/MailTemplate/get?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredTemplate;
}

/** Every http(s)/ws(s) request the page (and its frames) makes from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** The requests that left the app: anything on another origin (a CDN, web fonts, analytics). */
function foreignRequests(urls: string[], appOrigin: string): string[] {
  return urls.filter((u) => /^(https?|wss?):/.test(u) && new URL(u).origin.replace(/^ws/, 'http') !== appOrigin);
}

async function companies(request: APIRequestContext, hasEmail: boolean, count: number): Promise<Company[]> {
  // Companies without mail from a later page: other specs give the top companies a contact
  // (prospecting.spec adds a public one to the first result), which would move them across.
  const res = await request.get(`/api/Company/getCompanies?HasEmail=${hasEmail}&PageNumber=${hasEmail ? 1 : 4}`);
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { Items: Company[] }).Items;
  expect(items.length).toBeGreaterThanOrEqual(count);
  return items.slice(0, count);
}

/** A group with these companies, through the documented group endpoints. */
async function groupWith(request: APIRequestContext, token: string, name: string, cuis: number[]): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const add = await request.post(`/api/Group/add?name=${encodeURIComponent(name)}`, { headers });
  expect(add.status()).toBe(200);
  const { Id } = (await add.json()) as { Id: number };
  const put = await request.post(`/api/Group/addComapaniesToGroup?groupId=${Id}`, { headers, data: cuis });
  expect(put.status()).toBe(200);
  return Id;
}

async function dragBlockBelowSecondText(page: Page, label: string) {
  await page.evaluate(async (blockLabel) => {
    const block = [...document.querySelectorAll<HTMLElement>('.gjs-block')].find((b) => b.textContent?.trim() === blockLabel)!;
    const frame = document.querySelector<HTMLIFrameElement>('.rf-email-editor iframe.gjs-frame')!;
    const win = frame.contentWindow as Window & typeof globalThis;
    const target = frame.contentDocument!.querySelectorAll<HTMLElement>('[data-gjs-type="mj-text"]')[1];
    const dataTransfer = new DataTransfer();
    const from = block.getBoundingClientRect();
    block.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer, clientX: from.x + 5, clientY: from.y + 5 }));
    const to = target.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, dataTransfer, clientX: to.left + to.width / 2, clientY: to.bottom - 2 };
    target.dispatchEvent(new win.DragEvent('dragenter', at));
    for (let i = 0; i < 3; i++) {
      target.dispatchEvent(new win.DragEvent('dragover', at));
      await new Promise((r) => setTimeout(r, 50));
    }
    target.dispatchEvent(new win.DragEvent('drop', at));
    block.dispatchEvent(new DragEvent('dragend', { bubbles: true, dataTransfer }));
  }, label);
}

const editorReady = (page: Page) => expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 60_000 });
const canvas = (page: Page) => page.frameLocator('.rf-email-editor iframe.gjs-frame');

test('a template designed in the editor becomes a draft for a group, with its companies and their addresses', async ({ page }) => {
  test.setTimeout(240_000);
  const { AccessToken: token, UserName: userName } = await signInNewUser(page, 'Șablon', 'sablon');
  const withMail = await companies(page.request, true, 2);
  const [withoutMail, extra] = await companies(page.request, false, 2);
  const groupName = `Clienți ${uniq()}`;
  await groupWith(page.request, token, groupName, [...withMail.map((c) => c.Cui), withoutMail.Cui]);
  const title = `Ofertă de toamnă ${uniq()}`;

  // Steps, so a failure names the part of the journey that broke; what later steps need is here.
  let requests: ReturnType<typeof recordRequests>;
  let appOrigin: string;
  let added: Locator;
  let row: Locator;
  let subject: string;

  // ── design ──
  await test.step('design', async () => {
    requests = recordRequests(page);
    await page.goto('/Template-uri/Adauga');
    appOrigin = new URL(page.url()).origin;
    await editorReady(page);
    // The editor's labels are the Romanian ones (editor-locale-ro.ts), not GrapesJS's English.
    await expect(page.locator('.gjs-block').filter({ hasText: '1 coloană' })).toHaveCount(1);
    await expect(page.locator('.gjs-block').filter({ hasText: /1 Column/i })).toHaveCount(0);
    // The editor stays excluded above, but the canvas frame has a title and its block labels contrast.
    await page.getByLabel('Titlu').fill(title);
    await page.getByLabel('Tag-uri categorii').fill('Toamnă');
    await page.getByLabel('Tag-uri categorii').press('Enter');
    await page.getByLabel('Descriere').fill('Ofertă pentru clienții din grup');

    // Drag the Text block from the Blocuri panel into the email, below the starter text. Playwright's
    // mouse cannot carry an HTML5 drag into the canvas iframe, so the drag events are dispatched as a
    // browser would: dragstart on the block, dragenter/dragover/drop on the canvas element under it.
    await expect(page.locator('.gjs-block').filter({ hasText: 'Text' })).toBeVisible();
    await dragBlockBelowSecondText(page, 'Text');
    const texts = canvas(page).locator('[data-gjs-type="mj-text"]');
    await expect(texts).toHaveCount(3);

    // Write in the new text and insert a merge field from the text toolbar.
    added = texts.nth(2);
    await added.dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Stimată echipă ');
    await page.locator('select.rf-merge-select').selectOption('{{NumeFirma}}');
    await page.keyboard.type(', avem o ofertă.');
    await canvas(page).getByText('Bună ziua,').click();
    await expect(added).toContainText('Stimată echipă {{NumeFirma}}, avem o ofertă.');

    await page.getByRole('button', { name: 'Salvare' }).click();
    await expect(page.getByTestId('success-dialog')).toContainText('Template-ul a fost adăugat');
    await page.waitForURL('**/Template-uri');
    // The add page, its editor chunk, canvas and the save: nothing went to another host.
    expect(requests.length).toBeGreaterThan(5);
    expect(foreignRequests(requests, appOrigin)).toEqual([]);

  });

  // ── the list, then reopen ──
  await test.step('the list, then reopen', async () => {
    await page.getByLabel('Caută un template').fill(title);
    await page.getByRole('button', { name: 'Caută' }).click();
    row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Toamnă');
    const detailsLink = row.getByRole('link', { name: `Detalii template ${title}` });
    const templateId = Number(/\/Template-uri\/Editare\/(\d+)\//.exec((await detailsLink.getAttribute('href')) ?? '')?.[1]);
    expect(templateId).toBeGreaterThan(0);
    const saved = await storedTemplate(page.request, token, templateId);
    expect(saved).toMatchObject({ Name: title, Description: 'Ofertă pentru clienții din grup', Tags: ['Toamnă'] });
    // (the space typed before the merge field is a no-break space in the editor's text)
    expect(saved.Content).toMatch(/Stimată echipă\s\{\{NumeFirma\}\}, avem o ofertă\./);
    requests.length = 0;
    await detailsLink.click();
    await page.waitForURL(`**/Template-uri/Editare/${templateId}/**`);
    await editorReady(page);
    await expect(page.getByLabel('Titlu')).toHaveValue(title);
    await expect(page.getByLabel('Descriere')).toHaveValue('Ofertă pentru clienții din grup');
    await expect(page.getByRole('listitem').filter({ hasText: 'Toamnă' })).toBeVisible();
    await expect(canvas(page).locator('[data-gjs-type="mj-text"]')).toHaveCount(3);
    await expect(canvas(page).locator('[data-gjs-type="mj-text"]').nth(2)).toContainText('Stimată echipă {{NumeFirma}}, avem o ofertă.');
    // Saved again without a change, the design the server keeps is the very same text.
    await page.getByRole('button', { name: 'Salvare' }).click();
    await expect(page.getByText('Template-ul a fost modificat cu succes!')).toBeVisible();
    expect(await storedTemplate(page.request, token, templateId)).toEqual(saved);
    expect(foreignRequests(requests, appOrigin)).toEqual([]);

  });

  // ── a draft from it: Trimite opens the send dialog with this template chosen; no group ticked, so the draft starts empty and its companies are added on the draft page ──
  await test.step('a draft from it', async () => {
    await page.getByRole('button', { name: 'Trimite' }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Trimite email grupurilor' });
    await expect(sendDialog.getByRole('radio', { name: title })).toBeChecked();
    await sendDialog.getByRole('button', { name: 'Trimite', exact: true }).click();
    await expect(page.getByTestId('success-dialog')).toContainText('Draft-ul a fost creat');
    await page.waitForURL('**/Template-uri/Draft/**');
    await editorReady(page);
    await expect(page.getByText('[Draft]')).toBeVisible();
    await expect(page.getByLabel('Subiectul email-ului')).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Trimite', exact: true })).toBeDisabled();
    await expect(canvas(page).getByText('Stimată echipă {{NumeFirma}}, avem o ofertă.')).toBeVisible();

    await page.getByRole('tab', { name: /Listă firme/ }).click();
    await expect(page.getByText('Nu există elemente!')).toBeVisible();
    await page.getByRole('button', { name: 'Adaugă grupuri' }).click();
    const groupsDialog = page.getByRole('dialog', { name: 'Adaugă grupuri' });
    await expect(groupsDialog.getByRole('button', { name: 'Adaugă' })).toBeDisabled();
    await groupsDialog.getByLabel(new RegExp(groupName)).check();
    await groupsDialog.getByRole('button', { name: 'Adaugă' }).click();
    const table = page.getByRole('table', { name: 'Firmele draft-ului' });
    await expect(table.getByRole('row')).toHaveCount(4); // header + 3
    for (const c of withMail) await expect(table.getByRole('row').filter({ hasText: c.Name }).locator('[data-has-mail="true"]')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: withoutMail.Name }).locator('[data-has-mail="false"]')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: withoutMail.Name })).toContainText(groupName);
    await expect(page.getByRole('tab', { name: 'Listă firme (3)' })).toBeVisible();

    await page.getByRole('button', { name: 'Adaugă firme' }).click();
    const companiesDialog = page.getByRole('dialog', { name: 'Adaugă firme' });
    await companiesDialog.getByLabel('Caută firme').fill(String(extra.Cui));
    await companiesDialog.getByLabel(new RegExp(`CUI ${extra.Cui}`)).check();
    await companiesDialog.getByRole('button', { name: 'Adaugă' }).click();
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').filter({ hasText: extra.Name })).toContainText('-');

    // Searching the companies does not save the draft (its search form is not inside the draft's form).
    const draftSaves = () => requests.filter((u) => u.includes('/api/MailSend/editDraft')).length;
    const savesBefore = draftSaves();
    const companySearch = page.getByRole('search', { name: 'Căutare firme în draft' });
    await companySearch.getByRole('searchbox').fill(String(extra.Cui));
    await companySearch.getByRole('button', { name: 'Caută' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await companySearch.getByRole('searchbox').fill('');
    await companySearch.getByRole('button', { name: 'Caută' }).click();
    await expect(table.getByRole('row')).toHaveCount(5);
    expect(draftSaves()).toBe(savesBefore);
    await expect(page.getByText('Draft-ul a fost modificat cu succes!')).toHaveCount(0);

    await table.getByRole('button', { name: `Șterge ${withoutMail.Name} din draft` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').filter({ hasText: withoutMail.Name })).toHaveCount(0);

  });

  // ── save the draft ──
  await test.step('save the draft', async () => {
    await page.getByRole('tab', { name: 'Editor' }).click();
    subject = `Subiect ${uniq()}`;
    await page.getByLabel('Subiectul email-ului').fill(subject);
    await expect(page.getByTestId('draft-subject-counter')).toHaveText(`${subject.length}/200`);
    await page.getByRole('button', { name: 'Salvare ca draft' }).click();
    await expect(page.getByText('Draft-ul a fost modificat cu succes!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Trimite', exact: true })).toBeEnabled();

  });

  // ── the drafts list ──
  await test.step('the drafts list', async () => {
    await page.goto('/Drafturi-email');
    const draftRow = page.getByRole('row').filter({ hasText: subject });
    await expect(draftRow).toContainText(title);
    await expect(draftRow).toContainText(userName);
    await draftRow.getByRole('button', { name: new RegExp(`Arată firmele draft-ului`) }).click();
    for (const c of [...withMail, extra]) await expect(page.getByText(`CUI ${c.Cui}`)).toBeVisible();
    // The draft page's editor too stayed on the app's own host.
    expect(foreignRequests(requests, appOrigin)).toEqual([]);
  });
});
