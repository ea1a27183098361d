// Dialogs, forms and the thumb's actions at 360 × 780 (issue 52, decision 093): the group picker,
// the comments thread, the CUI-list preview, the send dialog and the search filters open as
// sheets that fill the screen, their buttons in view without scrolling the page; every field in
// them is at least 44 px high; the company page's "Urmărește" / "Adaugă în grup" and the bell sit
// in a bar at the bottom and work; the search cards show their money figures whole. Screenshots
// go to PHONE_SHOTS_DIR when it is set (they are looked at, not compared). These dialogs' axe
// scans at 360 px: accessibility.spec.ts.
import path from 'node:path';
import pg from 'pg';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInNewUser } from './support/accounts';
import { seedCampaignGroup } from './support/campaign-mail';
import { companyUrl } from './support/company';
import { readE2eState } from './support/e2e-state';

const W = 360;
const H = 780;
const MIN_TARGET = 44;

async function shoot(page: Page, name: string) {
  if (process.env.PHONE_SHOTS_DIR) await page.screenshot({ path: path.join(process.env.PHONE_SHOTS_DIR, `${name}.png`) });
}

/** The dialog fills the screen (a sheet), every field in it is 44 px high or more. */
async function expectSheet(dialog: Locator) {
  await expect(dialog).toBeVisible();
  // The opening animation scales the box: wait for its resting size.
  await expect.poll(async () => dialog.boundingBox(), { timeout: 5_000 }).toEqual({ x: 0, y: 0, width: W, height: H });
  const fields = dialog.locator('input:not([type=checkbox]):not([type=radio]):not([type=file]):visible, textarea:visible, select:visible, [role=combobox]:visible');
  for (const field of await fields.all()) {
    const box = await field.boundingBox();
    expect(box?.height ?? 0, `${await field.evaluate((e) => e.outerHTML.slice(0, 120))} is a thumb's height`).toBeGreaterThanOrEqual(MIN_TARGET - 0.5);
  }
}

/** A button of the dialog's sticky footer: in view without any scrolling, 44 px high. */
async function expectReachable(button: Locator) {
  await expect(button).toBeInViewport({ ratio: 1 });
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(MIN_TARGET - 0.5);
}

/** The row's comments: a button on the row, or (as cards) the entry of the row's one menu. */
async function openComments(page: Page, name: string) {
  const direct = page.getByRole('button', { name: `Comentarii pentru ${name}` });
  const menu = page.getByRole('button', { name: `Acțiuni pentru ${name}` });
  await expect(direct.or(menu).first()).toBeVisible();
  if (await menu.count()) {
    await menu.first().click();
    await page.getByRole('menuitem', { name: 'Comentarii' }).click();
  } else {
    await direct.first().click();
  }
}

test('dialogs are full-screen sheets with their buttons in reach, the company actions sit at the bottom', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: W, height: H });
  const user = await signInNewUser(page, 'Telefon Dialog', 'telefon-dialog');
  const db = new pg.Client({ connectionString: readE2eState().databaseUrl });
  await db.connect();
  try {
    const {
      rows: [u],
    } = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [user.Email.toLowerCase()]);
    const top = (await (await request.get('/api/Company/getCompanies?PageSize=2')).json()) as { Items: Array<{ Cui: number; Name: string }> };
    // The first company is followed and grouped on its page; the second goes through the CUI list.
    const [company, listed] = top.Items;
    const { rows: companies } = await db.query<{ cui: number; name: string }>(
      `SELECT c.cui, c.name FROM company c WHERE c.cui <> ALL($1::int[]) AND NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY random() LIMIT 3`,
      [[company.Cui, listed.Cui]],
    );
    const groupName = `Telefon ${user.Suffix}`;
    const { groupId, design } = await seedCampaignGroup(db, { userId: u.id, name: groupName, companies, prefix: 'tel', id: user.Suffix, baseURL });
    const {
      rows: [draft],
    } = await db.query<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`, [`Ofertă ${user.Suffix}`, design, u.id]);
    for (const c of companies) await db.query(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [draft.id, c.cui, groupId]);

    await test.step('The company page: the actions bar at the bottom, "Urmărește" works, the group picker is a sheet', async () => {
      await page.goto(companyUrl(company));
      const bar = page.locator('[data-slot="company-action-bar"]');
      await expect(bar.getByTestId('action-bar-bell')).toBeVisible();
      const barBox = await bar.boundingBox();
      expect(barBox).not.toBeNull();
      expect(Math.round(barBox!.y + barBox!.height)).toBe(H);
      await expect(bar.getByTestId('watch-button')).toBeInViewport({ ratio: 1 });
      await expect(bar.getByTestId('group-button')).toBeInViewport({ ratio: 1 });
      // Deep in the page the bar is still there, and the page's end is not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(bar.getByTestId('watch-button')).toBeInViewport({ ratio: 1 });
      const hidden = await page.evaluate(() => {
        const barTop = document.querySelector('[data-slot="company-action-bar"]')!.getBoundingClientRect().top;
        const last = [...document.querySelectorAll('footer a, footer p')].at(-1)!.getBoundingClientRect();
        return last.bottom - barTop;
      });
      expect(hidden, 'the footer ends above the bar').toBeLessThanOrEqual(0);
      await shoot(page, 'company-bottom-bar');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(W);

      await bar.getByTestId('watch-button').click();
      await expect(bar.getByTestId('watch-button')).toHaveAttribute('aria-pressed', 'true');
      await expect(bar.getByTestId('watch-button')).toHaveText('Nu mai urmări');

      await bar.getByTestId('group-button').click();
      const picker = page.getByRole('dialog', { name: 'Adaugă compania într-un grup' });
      await expectSheet(picker);
      await expect(picker.getByRole('button', { name: groupName })).toBeVisible();
      await expectReachable(picker.getByRole('button', { name: 'Nu mai urmări firma' }));
      await shoot(page, 'group-picker');
      await picker.getByRole('button', { name: groupName }).click();
      await expect(picker).toBeHidden();
      await expect(bar.getByTestId('group-button')).toHaveText(`Grup: ${groupName}`);
    });

    await test.step('The comments thread: a sheet, the new comment at the bottom', async () => {
      await page.goto(`/Grupuri-email/${groupId}`);
      await openComments(page, companies[0].name);
      const thread = page.getByRole('dialog', { name: 'Comentarii' });
      await expectSheet(thread);
      await expectReachable(thread.getByRole('button', { name: 'Adaugă comentariu' }));
      await thread.getByLabel('Comentariu nou').fill('Sunat de pe telefon, revine mâine.');
      await thread.getByRole('button', { name: 'Adaugă comentariu' }).click();
      await expect(thread.getByTestId('comment')).toHaveCount(1);
      await shoot(page, 'comments-thread');
      await thread.getByRole('button', { name: 'Închide' }).click();
      await expect(thread).toBeHidden();
    });

    await test.step('The CUI-list preview: a long answer scrolls, the add button stays in view', async () => {
      await page.getByRole('button', { name: 'adaugă listă de CUI-uri' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adaugă listă de CUI-uri' });
      await expectSheet(dialog);
      const lines = [`RO${listed.Cui}`, ...Array.from({ length: 25 }, (_, i) => `nu este un cui ${i + 1}`)];
      await dialog.getByLabel('CUI-uri').fill(lines.join('\n'));
      await dialog.getByRole('button', { name: 'Verifică lista' }).click();
      await expect(dialog.getByRole('region', { name: 'Rezultatul verificării' })).toContainText('Invalide: 25');
      // The answer is taller than the screen: the body scrolls inside the sheet, the button does not move.
      expect(await dialog.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
      await expectReachable(dialog.getByRole('button', { name: 'Adaugă 1 companie găsită' }));
      await dialog.evaluate((e) => e.scrollTo(0, e.scrollHeight / 2));
      await expectReachable(dialog.getByRole('button', { name: 'Adaugă 1 companie găsită' }));
      await shoot(page, 'cui-list-preview');
      await dialog.getByRole('button', { name: 'Renunță' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('The send dialog: a sheet, the date field and Da in reach', async () => {
      await page.goto(`/Template-uri/Draft/${draft.id}/oferta`);
      const send = page.getByRole('button', { name: 'Trimite', exact: true });
      await expect(send).toBeEnabled({ timeout: 60_000 });
      await send.click();
      const dialog = page.getByRole('dialog', { name: 'Avertisment' });
      await dialog.getByRole('radio', { name: 'La o dată și o oră' }).check();
      await expectSheet(dialog);
      await expect(dialog.getByLabel('Data și ora (ora României)')).toBeVisible();
      await expectReachable(dialog.getByRole('button', { name: 'Da' }));
      await expectReachable(dialog.getByRole('button', { name: 'Renunță' }));
      await shoot(page, 'send-dialog');
      await dialog.getByRole('button', { name: 'Renunță' }).click();
      await expect(dialog).toBeHidden();
    });
  } finally {
    await db.end();
  }
});

test('search cards show money figures whole, the filters are a sheet', async ({ page }) => {
  await page.setViewportSize({ width: W, height: H });
  await page.goto('/Cautare-avansata');
  const cards = page.locator('[data-slot="company-card"]');
  await expect(cards.first()).toBeVisible();
  await shoot(page, 'search-cards');
  const cut = await cards.evaluateAll((list) =>
    list.flatMap((card) =>
      [...card.querySelectorAll('dd')].filter((dd) => dd.scrollWidth > dd.clientWidth + 1 || dd.getBoundingClientRect().right > card.getBoundingClientRect().right).map((dd) => dd.textContent),
    ),
  );
  expect(cut, 'figures cut or outside their card').toEqual([]);
  // The first card (the biggest profit, with figures in billions in the demo data) shows them whole.
  const figures = await cards.first().locator('dd').allTextContents();
  expect(figures.join(' ')).not.toContain('…');

  await page.getByRole('button', { name: /^Filtre/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filtre' });
  await expectSheet(filters);
  await expectReachable(filters.getByRole('button', { name: /^Vezi/ }));
  await shoot(page, 'search-filters');
});
