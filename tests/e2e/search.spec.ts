// Public search journeys in Chromium: hero suggestions, landing cards,
// filters in the address, Load more.
import { test, expect, type Page } from '@playwright/test';

const heroBox = (page: Page) => page.locator('main').getByRole('combobox', { name: 'Caută o firmă după nume sau CUI' });

test.describe('landing', () => {
  test('type in the hero → suggestions with the text highlighted → the company opens in a new tab', async ({ page, context }) => {
    await page.goto('/');
    const box = heroBox(page);
    await box.fill('scoala');
    const options = page.getByRole('listbox', { name: 'Firme sugerate' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expect(options.first().locator('mark').first()).toHaveText(/^[sșş]coala$/i);
    await expect(page.locator('main').getByText('Apăsați Enter pentru mai multe detalii')).toBeVisible();

    // keyboard: the active option is announced through aria-activedescendant
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute('aria-selected', 'true');

    const name = (await options.first().locator('span.font-semibold').first().innerText()).trim();
    const [popup] = await Promise.all([context.waitForEvent('page'), box.press('Enter')]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname).toMatch(/^\/company-details\/\d+\/[a-z0-9-]+$/);
    await popup.close();
    await expect(page).toHaveURL(/\/$/);

    // the chosen company is now among the last searched chips
    await expect(page.getByRole('navigation', { name: 'Firme căutate recent' }).getByRole('link', { name: new RegExp(name.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  });

  test('Enter without choosing opens the advanced search with the text, in a new tab', async ({ page, context }) => {
    await page.goto('/');
    const box = heroBox(page);
    await box.fill('construct');
    await expect(page.getByRole('listbox', { name: 'Firme sugerate' }).getByRole('option').first()).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent('page'), box.press('Enter')]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname).toBe('/Cautare-avansata/construct');
    await expect(popup.getByRole('searchbox', { name: 'Nume firmă sau CUI' })).toHaveValue('construct');
    await popup.close();
    await expect(page).toHaveURL(/\/$/);
  });

  test('no match: the empty text', async ({ page }) => {
    await page.goto('/');
    await heroBox(page).fill('qqzzxxyy');
    await expect(page.getByText('Nu am găsit nicio firmă pentru CUI-ul sau numele introdus.')).toBeVisible();
  });

  test('a county card opens the search filtered by that county', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('county-cards').getByRole('link').first();
    const county = (await card.locator('span.font-semibold').innerText()).trim();
    await card.click();
    await expect(page).toHaveURL(/\/Cautare-avansata\/-\/-\/-\/-\/-\/-\/-\/-\/\d+$/);
    await expect(page.getByTestId('active-filters')).toContainText(`Județ: ${county}`);
    await expect(page.locator('[data-slot="company-card"]').first()).toBeVisible();
  });

  test('the statistics strip shows the database figures', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'RadarFirme în cifre' });
    await expect(strip.getByText('Firme active')).toBeVisible();
    // after the ~1 s count-up the visible figures equal the real ones
    await expect(async () => {
      const visible = await strip.locator('dd span[aria-hidden="true"]').allInnerTexts();
      const real = await strip.locator('dd span.sr-only').allInnerTexts();
      expect(visible).toEqual(real);
      expect(Number(real[0].replace(/\./g, ''))).toBeGreaterThan(1000);
    }).toPass({ timeout: 5000 });
  });

  test('the leave-a-message form validates with the spec texts and sends', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Lăsați-ne un mesaj' });
    await form.getByRole('button', { name: 'Trimite mesajul' }).click();
    await expect(form.getByText('Numele este obligatoriu.')).toBeVisible();
    await expect(form.getByText('Telefonul este obligatoriu.')).toBeVisible();
    await expect(form.getByText('Email-ul este obligatoriu.')).toBeVisible();
    await form.getByLabel('Nume').fill('Ana Test');
    await form.getByLabel('Telefon').fill('0721234567');
    await form.getByLabel('E-mail').fill('ana.test@exemplu.ro');
    await form.getByLabel('Mesaj').fill('Bună ziua!');
    await form.getByRole('button', { name: 'Trimite mesajul' }).click();
    await expect(page.getByText('Email-ul a fost trimis cu succes!')).toBeVisible();
    await expect(form.getByLabel('Nume')).toHaveValue('');
  });
});

test.describe('advanced search', () => {
  test('filters round-trip through the address', async ({ page }) => {
    await page.goto('/Cautare-avansata');
    const filters = page.getByRole('complementary', { name: 'Filtre' });
    await filters.getByRole('combobox', { name: 'Cifra de afaceri: intervale predefinite' }).click();
    await page.getByRole('option', { name: '1 - 100.000' }).click();
    await expect(page).toHaveURL(/\/Cautare-avansata\/-\/-\/-\/1\/100000$/);

    await filters.getByRole('combobox', { name: 'Licitații' }).click();
    // the option's name is its text and, once loaded, its count of results ("Nu 1.234")
    await page.getByRole('option', { name: /^Nu( [\d.]+)?$/ }).click();
    await expect(page).toHaveURL(/\/Cautare-avansata\/-\/-\/-\/1\/100000\?HasBids=false$/);

    await filters.getByRole('combobox', { name: 'Risc de insolvență' }).click();
    await page.getByRole('option', { name: 'Risc ridicat' }).click();
    await expect(page).toHaveURL(/\/Cautare-avansata\/-\/-\/-\/1\/100000\/-\/-\/-\/-\/-\/-\/true\?HasBids=false$/);

    await page.getByRole('combobox', { name: 'Sortează după' }).click();
    await page.getByRole('option', { name: 'Cifra de afaceri' }).click();
    await expect(page).toHaveURL(/OrderBy=Turnover_desc/);

    const summary = page.getByTestId('active-filters');
    await expect(summary).toContainText('Cifra de afaceri: între 1 RON și 100.000 RON');
    await expect(summary).toContainText('Risc de insolvență: ridicat');
    await expect(summary).toContainText('Licitații: nu');
    const firstBefore = await page.locator('[data-slot="company-card"]').first().getAttribute('data-cui');

    await page.reload();
    await expect(page.getByTestId('active-filters')).toContainText('Cifra de afaceri: între 1 RON și 100.000 RON');
    await expect(page.getByTestId('active-filters')).toContainText('Risc de insolvență: ridicat');
    await expect(page.getByTestId('active-filters')).toContainText('Licitații: nu');
    await expect(page.getByRole('combobox', { name: 'Sortează după' })).toHaveText(/Cifra de afaceri/);
    await expect(page.locator('[data-slot="company-card"]').first()).toHaveAttribute('data-cui', firstBefore ?? '');

    // Reset shows only while a filter is active
    await page.getByRole('button', { name: 'Resetează filtrele' }).click();
    await expect(page).toHaveURL(/\/Cautare-avansata$/);
    await expect(page.getByRole('button', { name: 'Resetează filtrele' })).toHaveCount(0);
  });

  test('Load more appends the next page while pages remain', async ({ page }) => {
    await page.goto('/Cautare-avansata');
    const cards = page.locator('[data-slot="company-card"]');
    await expect(cards).toHaveCount(21);
    const first = await cards.first().getAttribute('data-cui');
    await page.getByRole('button', { name: 'Încarcă mai multe' }).click();
    await expect(cards).toHaveCount(42);
    await expect(cards.first()).toHaveAttribute('data-cui', first ?? '');
    const cuis = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-cui')));
    expect(new Set(cuis).size).toBe(42);
  });

  test('no result: "Nu există elemente!" and no Load more', async ({ page }) => {
    await page.goto('/Cautare-avansata/qqzzxxyywwvv');
    await expect(page.getByText('Nu există elemente!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Încarcă mai multe' })).toHaveCount(0);
  });

  test('the text box searches on Enter and the company link opens a new tab', async ({ page, context }) => {
    await page.goto('/Cautare-avansata');
    const box = page.getByRole('searchbox', { name: 'Nume firmă sau CUI' });
    const cui = await page.locator('[data-slot="company-card"]').nth(3).getAttribute('data-cui');
    await box.fill(`RO${cui}`);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/Cautare-avansata/RO${cui}$`));
    const card = page.locator(`[data-slot="company-card"][data-cui="${cui}"]`);
    await expect(card).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent('page'), card.getByRole('link').first().click()]);
    expect(new URL(popup.url()).pathname).toMatch(new RegExp(`^/company-details/${cui}/`));
    await popup.close();
  });

  test('the first page (server HTML, not hydrated) remembers the company a card opens', async ({ page, context }) => {
    // The company page would remember it too: here it never loads, so only the list can.
    await context.route('**/company-details/**', (route) => route.abort());
    await page.goto('/Cautare-avansata');
    const card = page.locator('[data-slot="company-card"]').nth(2);
    const cui = Number(await card.getAttribute('data-cui'));
    await page.evaluate(() => localStorage.removeItem('lastSearchedCompanies'));
    const [popup] = await Promise.all([context.waitForEvent('page'), card.getByRole('link').first().click()]);
    await popup.close();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('lastSearchedCompanies') ?? '[]')[0]?.Cui)).toBe(cui);
  });
});
