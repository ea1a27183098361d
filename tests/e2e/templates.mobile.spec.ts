// The email editor at 360 px: every tool button and every block of the side panel can be reached
// (none is covered by another panel or pushed off the editor) and the blocks' names are whole.
import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/accounts';

test('the editor fits a phone: every panel button is uncovered and every block name is whole', async ({ page }) => {
  await signInNewUser(page, 'Telefon', 'telefon');

  await page.goto('/Template-uri/Adauga');
  await expect(page.locator('.gjs-block').first()).toBeVisible({ timeout: 20_000 });
  const problems = await page.evaluate(() => {
    const editor = document.querySelector('.rf-email-editor')!.getBoundingClientRect();
    const out: string[] = [];
    for (const b of document.querySelectorAll<HTMLElement>('.rf-email-editor .gjs-pn-btn')) {
      if (b.offsetParent === null || b.childElementCount === 0) continue; // hidden, or an empty placeholder GrapesJS keeps
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (r.right > editor.right + 0.5 || r.left < editor.left - 0.5) out.push(`${b.title || b.className}: outside the editor`);
      else if (!hit || !b.contains(hit)) out.push(`${b.title || b.className}: covered by ${hit?.closest("[class]")?.getAttribute("class")} (${b.outerHTML.slice(0, 120)}) at ${Math.round(r.left)},${Math.round(r.top)} parent ${b.parentElement?.className}`);
    }
    for (const label of document.querySelectorAll<HTMLElement>('.rf-email-editor .gjs-block-label')) {
      if (label.scrollWidth > label.clientWidth + 1) out.push(`${label.textContent?.trim()}: cut`);
    }
    return out;
  });
  expect(problems).toEqual([]);
});
