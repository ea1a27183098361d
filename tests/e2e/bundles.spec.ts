// The email editor (GrapesJS + mjml-browser, about 640 kB gzip) loads on the editor pages only: the
// public pages and the other signed-in pages download none of its code, dynamic imports included.
// Fails if an import moves the editor into a shared chunk. The figures: npm run bench -- bundles.
import { expect, test, type Page, type Response } from '@playwright/test';
import { signInNewUser } from './support/accounts';

/** GrapesJS's own name is in its bundle and nowhere else in the app's code. */
const EDITOR_SIGNATURE = 'grapesjs';

/** Every script the page downloads while loading (and shortly after, for lazy chunks). */
async function scriptsOf(page: Page, path: string, settleMs = 500, until?: string): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  const pending: Promise<unknown>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    // The browser may drop a body once the page moves on ("No resource with given identifier"):
    // the same immutable chunk is then read again from the server.
    const body = res.body().catch(() => page.request.get(res.url()).then((r) => r.body()));
    pending.push(body.then((b) => found.set(new URL(res.url()).pathname, b.includes(EDITOR_SIGNATURE))));
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  // A page that loads its code on demand: listen until what that code draws is on screen.
  if (until) await expect(page.locator(until)).toBeVisible({ timeout: 60_000 });
  // Lazy chunks may start after networkidle: wait for a quiet network (no new script for settleMs)
  // rather than a fixed sleep, so the negative check below runs after the last script, however slow.
  while (await page.waitForResponse((r) => r.request().resourceType() === 'script', { timeout: settleMs }).then(() => true, () => false));
  page.off('response', onResponse);
  await Promise.all(pending);
  return found;
}

const withEditor = (scripts: Map<string, boolean>) => [...scripts].filter(([, editor]) => editor).map(([src]) => src);

test('the email editor code is downloaded by the editor pages only', async ({ page }) => {
  test.setTimeout(120_000);
  const list = (await (await page.request.get('/api/Company/getCompanies?PageSize=1')).json()) as { Items: Array<{ Cui: number }> };
  const publicPages = ['/', '/Cautare-avansata', '/Coduri-caen', `/company-details/${list.Items[0].Cui}`, '/Gaseste-clienti?q=ciment'];
  await test.step('The public pages load no editor code', async () => {
    for (const p of publicPages) {
      const scripts = await scriptsOf(page, p);
      expect(scripts.size, `${p} loads scripts`).toBeGreaterThan(0);
      expect(withEditor(scripts), `editor code on ${p}`).toEqual([]);
    }
  });

  await test.step('The signed-in pages without an editor load none either', async () => {
    await signInNewUser(page, 'Pachete', 'pachete');
    for (const p of ['/Template-uri', '/Drafturi-email', '/Grupuri-email']) {
      expect(withEditor(await scriptsOf(page, p)), `editor code on ${p}`).toEqual([]);
    }
  });

  await test.step('The editor page does download it (the check is not vacuous)', async () => {
    const editorPage = await scriptsOf(page, '/Template-uri/Adauga', 1000, '.gjs-editor');
    expect(withEditor(editorPage).length).toBeGreaterThan(0);
  });
});
