// The developers' reference (issue 29; docs/decisions/069): /api/docs renders the generated OpenAPI
// document with the renderer served from the app itself (no CDN), under its own CSP. Its
// accessibility at 1366 and 360 px: tests/e2e/accessibility.spec.ts.
import { expect, test } from '@playwright/test';

{
  test(`/api/docs shows the document's operations, from this origin only`, async ({ page }) => {
    const foreign: string[] = [];
    const blocked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!['localhost', '127.0.0.1'].includes(u.hostname) && !u.protocol.startsWith('data')) foreign.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'RadarFirme API' }).first()).toBeVisible({ timeout: 30_000 });
    // The operations of the document, listed under their tags.
    await expect(page.getByText('/api/Account/exportMyData').first()).toBeAttached();
    await expect(page.getByText('Company', { exact: true }).first()).toBeAttached();
    // The renderer's own labels in Romanian (server/api-docs/scalar-ro.ts, decision 069 addendum).
    await expect(page.getByText('Răspunsuri', { exact: true }).first()).toBeAttached();
    await expect(page.getByText('Descarcă documentul OpenAPI').first()).toBeAttached();
    expect(foreign).toEqual([]);
    expect(blocked).toEqual([]);
  });
}
