import { expect, test } from '@playwright/test';

// Issue 2: the landing page shows real figures read from the database. The e2e server seeds a
// deterministic demo set of E2E_COMPANIES (3,000) companies, so the total is known in advance.
const DEMO_COMPANIES = Number(process.env.E2E_COMPANIES ?? 3000);

const ro = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

test('the landing page renders figures from the database', async ({ page, request }) => {
  const api = await request.get('/api/Company/getCompanyStatistics');
  expect(api.status()).toBe(200);
  const stats = (await api.json()) as { Name: string; CompaniesNr: number }[];
  const total = stats.find((s) => s.Name === 'Firme');
  const active = stats.find((s) => s.Name === 'Firme active');
  expect(total?.CompaniesNr).toBe(DEMO_COMPANIES);
  expect(active?.CompaniesNr).toBeGreaterThan(0);
  expect(active!.CompaniesNr).toBeLessThan(DEMO_COMPANIES);

  await page.goto('/');
  await expect(page).toHaveTitle('RadarFirme');
  const strip = page.locator('section[aria-labelledby="stats-title"]');
  await strip.scrollIntoViewIfNeeded();
  // After the ~1 s count-up the strip shows the exact database figures in Romanian format.
  await expect(strip.locator('div', { has: page.locator('dt', { hasText: /^Firme$/ }) }).locator('dd')).toContainText(ro(DEMO_COMPANIES));
  await expect(strip.locator('div', { has: page.locator('dt', { hasText: /^Firme active$/ }) }).locator('dd')).toContainText(ro(active!.CompaniesNr));

  // Counties and CAEN sections come from the database too: Bucharest is the largest county.
  const counties = await (await request.get('/api/Location/getTopCounties')).json();
  expect(counties[0].Name).toMatch(/Bucure/);
  await expect(page.getByRole('link', { name: new RegExp(counties[0].Name) }).first()).toBeVisible();
  const caens = await (await request.get('/api/CAEN/getTopCaens')).json();
  expect(caens.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(caens[0].Code, { exact: false }).first()).toBeVisible();
  await expect(page.getByText('RadarFirme').first()).toBeVisible();
});

test('the component showcase is a developer page: a production build answers 404', async ({ request }) => {
  const res = await request.get('/ui-kit', { maxRedirects: 0 });
  expect(res.status()).toBe(404);
});
