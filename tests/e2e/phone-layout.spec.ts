// The workspace on a phone (issue 52): every signed-in page at 360 px, as the demo User and as the
// Admin, has nothing that scrolls sideways and is no wider than the screen; the lists' cards hold
// the same rows, in the same order, as their tables at 1280 px (named by the rows' action labels:
// "Acțiuni pentru <nume>" on a card, the table's own labelled buttons on a row). The lists and a
// card's menu at 360 px are scanned by axe in accessibility.spec.ts.
import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, tokensOf } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';
import { readE2eState } from './support/e2e-state';
import { DEMO_USER, DESKTOP, expectNoSidewaysScroll, PHONE, seedDemoAccounts, waitForLists } from './support/layout';

type Fixture = { groupPath: string; draftPath: string; resultsPath: string };
const fixture = {} as Fixture;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seedDemoAccounts();
  const db = new pg.Client({ connectionString: readE2eState().databaseUrl });
  await db.connect();
  try {
    const { rows: [ana] } = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [DEMO_USER.email]);
    const { rows: [group] } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM company_group_list WHERE owner_id = $1 AND name = 'Clienți Cluj'`, [ana.id]);
    fixture.groupPath = `/Grupuri-email/${group.id}/clienti-cluj`;
    const { rows: [draft] } = await db.query<{ id: number }>(
      `SELECT id FROM grouped_mail WHERE created_by_id = $1 AND sent_on IS NULL AND NOT is_deleted AND template_id IS NOT NULL ORDER BY id LIMIT 1`,
      [ana.id],
    );
    fixture.draftPath = `/Template-uri/Draft/${draft.id}/draft`;

    // A sending of Ana's (its messages wait in the queue: no SMTP sink listens), for the history,
    // the companies' mails and the results page: a draft for the shared group, sent through the API.
    const tokens = await tokensOf(request, DEMO_USER.email, DEMO_USER.password);
    const { rows: [mail] } = await db.query<{ id: number }>(`INSERT INTO grouped_mail (template_id, name, content, created_by_id) SELECT template_id, name, content, created_by_id FROM grouped_mail WHERE id = $1 RETURNING id`, [draft.id]);
    await db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) SELECT $1, cui, group_id FROM grouped_mail_company WHERE grouped_mail_id = $2`, [mail.id, draft.id]);
    const sent = await request.post('/api/MailSend/sendMails', { headers: { Authorization: `Bearer ${tokens.AccessToken}` }, data: { MailDraftId: mail.id } });
    expect(sent.status(), await sent.text()).toBe(200);
    fixture.resultsPath = `/Emailuri-trimise/Rezultate/${mail.id}`;

    // Two followed companies and a key, so those lists are not empty.
    const { rows: followed } = await db.query<{ cui: number }>(`SELECT cui FROM company_in_group WHERE group_id = $1 ORDER BY id LIMIT 2`, [group.id]);
    for (const f of followed) {
      const r = await request.post('/api/Watch/watchCompany', { headers: { Authorization: `Bearer ${tokens.AccessToken}` }, data: { Cui: f.cui } });
      expect(r.status()).toBe(200);
    }
    const key = await request.post('/api/ApiKey/create', { headers: { Authorization: `Bearer ${tokens.AccessToken}` }, data: { Name: 'Integrare CRM de test' } });
    expect(key.status()).toBe(200);
  } finally {
    await db.end();
  }
});

const USER_PAGES = () => [
  '/Companii',
  '/Grupuri-email',
  fixture.groupPath,
  `${fixture.groupPath}/istoric`,
  '/companii-urmarite',
  '/Template-uri',
  '/Drafturi-email',
  fixture.draftPath,
  '/Emailuri-trimise',
  fixture.resultsPath,
  '/Emailuri-trimise-companiilor',
  '/Cautari-salvate',
  '/notificari',
  '/notificari/setari',
  '/Chei-API',
  '/Schimbare-parola',
];

const ADMIN_PAGES = ['/Utilizatori', '/Contacte', '/PretindereCompanie', '/Jurnal-audit', '/Cereri-date-personale', '/Liste-datorii-ANAF', '/Chei-API', '/Companii', '/Grupuri-email', '/Template-uri'];

async function checkPages(page: Page, paths: string[]) {
  await page.setViewportSize(PHONE);
  for (const p of paths) {
    await test.step(p, async () => {
      await page.goto(p);
      await waitForLists(page);
      await expectNoSidewaysScroll(page, `${p} at 360 px`);
    });
  }
}

test('every page of the demo User at 360 px: nothing scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO_USER.email, DEMO_USER.password);
  await checkPages(page, USER_PAGES());
});

test('every page of the Admin at 360 px: nothing scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await checkPages(page, ADMIN_PAGES);
});

test('rows that open, opened on a card at 360 px: nothing scrolls sideways', async ({ page }) => {
  await signInAs(page, DEMO_USER.email, DEMO_USER.password);
  await page.setViewportSize(PHONE);
  const opened = [
    { path: '/Emailuri-trimise', button: 'Arată companiile', shows: 'sending-companies' },
    { path: '/Emailuri-trimise-companiilor', button: 'Arată email-urile', shows: 'company-mails' },
  ];
  for (const o of opened) {
    await test.step(o.path, async () => {
      await page.goto(o.path);
      await waitForLists(page);
      await page.getByRole('button', { name: o.button }).first().click();
      await expect(page.getByTestId(o.shows)).toBeVisible();
      await expectNoSidewaysScroll(page, `${o.path}, ${o.button}, at 360 px`);
    });
  }
  await page.goto('/Drafturi-email');
  await waitForLists(page);
  await page.getByRole('button', { name: 'Arată firmele' }).first().click();
  await expect(page.locator('[id^="draft-companies-"] li').first()).toBeVisible();
  await expectNoSidewaysScroll(page, '/Drafturi-email, Arată firmele, at 360 px');
});

/** The row names a list shows: from the table's labelled buttons at 1280, from the cards' menus at 360. */
async function rowNames(page: Page, path: string, width: 'table' | 'cards', tableLabel: RegExp): Promise<string[]> {
  await page.setViewportSize(width === 'table' ? DESKTOP : PHONE);
  await page.goto(path);
  await waitForLists(page);
  const label = width === 'table' ? tableLabel : /^Acțiuni pentru (.+)$/;
  const labels = await page.locator('main [aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.flatMap((l) => {
    const m = label.exec(l);
    return m ? [m[1]] : [];
  });
}

// /Companii orders from its toolbar's own buttons ("Ordonează"), the others from the select above the cards.
const LISTS: { who: 'user' | 'admin'; path: string; row: RegExp; toolbarOrder?: boolean }[] = [
  { who: 'user', path: '/Companii', row: /^Comentarii pentru (.+)$/, toolbarOrder: true },
  { who: 'user', path: '/Grupuri-email', row: /^Detalii grup (.+)$/ },
  { who: 'user', path: '/companii-urmarite', row: /^Nu mai urmări (?!grupul )(.+)$/ },
  { who: 'admin', path: '/Utilizatori', row: /^Modifică utilizatorul (.+)$/ },
];

for (const list of LISTS) {
  test(`${list.path}: the cards at 360 px show the rows of the table at 1280 px, in order`, async ({ page }) => {
    await signInAs(page, list.who === 'user' ? DEMO_USER.email : ADMIN.email, list.who === 'user' ? DEMO_USER.password : ADMIN.password);
    let table: string[] = [];
    await test.step('The table at 1280 px: its rows, no card menus', async () => {
      table = await rowNames(page, list.path, 'table', list.row);
      expect(table.length).toBeGreaterThan(1);
      await expect(page.getByRole('button', { name: /^Acțiuni pentru / })).toHaveCount(0);
    });
    let cards: string[] = [];
    await test.step('The cards at 360 px: the same rows in the same order, the order kept in a select', async () => {
      cards = await rowNames(page, list.path, 'cards', list.row);
      expect(cards).toEqual(table);
      // The phone has no table and keeps the order in a select.
      await expect(page.locator('main table')).toHaveCount(0);
      const order = list.toolbarOrder ? page.getByRole('group', { name: 'Ordonează după' }) : page.getByRole('combobox', { name: 'Sortează după' });
      await expect(order).toHaveText(/\S/);
      await expect(page.getByRole('combobox', { name: 'Sortează după' })).toHaveCount(list.toolbarOrder ? 0 : 1);
    });
    await test.step("The first card's menu: every action of the row, reachable with the thumb", async () => {
      await page.getByRole('button', { name: `Acțiuni pentru ${cards[0]}`, exact: true }).first().click();
      await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
    });
  });
}
