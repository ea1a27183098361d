// The phone layout checks (issue 52): nothing scrolls sideways at 360 px, and a list's cards hold
// the same rows as its table at 1280 px.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DEMO_PASSWORD } from './credentials';
import { readE2eState } from './e2e-state';

export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/** Ana, the demo User (scripts/data/demo-accounts.ts): groups, a shared group, contacts, a template and a draft. */
export const DEMO_USER = { email: 'ana.popescu@demo.radarfirme.ro', password: E2E_DEMO_PASSWORD } as const;

/**
 * The demo accounts in the e2e database, written by the product's own commands as `npm start` does
 * on a new database (a second run finds them and does nothing).
 */
export function seedDemoAccounts() {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/data/demo-accounts.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: readE2eState().databaseUrl, DEMO_PASSWORD: E2E_DEMO_PASSWORD, NODE_ENV: 'development' },
    stdio: 'pipe',
    timeout: 120_000,
  });
}

/** Until the page's lists have loaded: no placeholder block and no "…" count left. */
export async function waitForLists(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('main [data-slot="skeleton"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main').getByText(/^Rezultate: …$/)).toHaveCount(0);
}

/**
 * No element scrolls sideways (overflow-x auto or scroll with more inside than it shows) and the
 * page is no wider than the screen. A failure names each offender with its two widths.
 */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const found = await page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '';
      const slot = el.getAttribute('data-slot') ? `[data-slot=${el.getAttribute('data-slot')}]` : '';
      const cls = typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${id}${testId}${slot}${cls}`;
    };
    const boxes: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        boxes.push(`${describe(el)} ${el.scrollWidth} px inside ${el.clientWidth} px`);
      }
    }
    const page = document.documentElement.scrollWidth > window.innerWidth ? [`page ${document.documentElement.scrollWidth} px wide on a ${window.innerWidth} px screen`] : [];
    return [...page, ...boxes];
  });
  expect(found, `${label}: sideways scroll`).toEqual([]);
}
