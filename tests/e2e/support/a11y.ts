// The one axe check of the e2e specs, run by accessibility.spec.ts on every page and dialog once:
// each is held to the same rules, WCAG 2.0, 2.1 and 2.2 at levels A and AA (the product's
// requirement), and a violation is reported by rule and element so a failure says what to fix.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * `include`: check only this part (an open dialog or list hides the rest of the page from
 * assistive technology); `exclude`: leave out what is not ours (the sandboxed email preview, the
 * email editor's canvas).
 */
export async function expectNoAxeViolations(page: Page, opts: { include?: string; exclude?: string[]; label?: string } = {}) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  for (const e of opts.exclude ?? []) builder = builder.exclude(e);
  const { violations } = await builder.analyze();
  const prefix = opts.label ? `${opts.label}: ` : '';
  expect(violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`)).toEqual([]);
}

/**
 * Waits until no finite animation or transition runs (a toast fading in, a dialog opening): axe
 * computes colour contrast from the opacity of the moment, so a half-faded toast reads as a
 * contrast failure. Endless animations (spinners) are left alone; after 5 s the check goes on.
 */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout: 5000 })
    .catch(() => {});
}

/** Only the named rules, inside `include` (a part the tag check above must leave out, as the email editor). */
export async function expectNoAxeRuleViolations(page: Page, include: string, rules: string[]) {
  const { violations } = await new AxeBuilder({ page }).include(include).withRules(rules).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
