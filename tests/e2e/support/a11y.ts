// The one axe check of the e2e specs, run by accessibility.spec.ts on every page and dialog once:
// each is held to the same rules, WCAG 2.0, 2.1 and 2.2 at levels A and AA (the product's
// requirement), and a violation is reported by rule and element so a failure says what to fix.
//
// Why not AxeBuilder#analyze on every scan (decision 104): it sends axe-core's 1.5 MB source into
// the page on every call, runs axe.runPartial, then opens a blank page, sends the source there too
// and runs axe.finishRun in it: about 4 s a scan on the loaded 2-core machine, where axe.run itself
// takes 0.3 to 0.7 s on most pages. So axe is injected once per document (the dialogs of one page
// share it), from the minified build of the same axe-core (654 kB, less to parse), and when no
// frame lies inside the scanned part, axe.run runs in the page with the same tags and context: for
// one document that is what runPartial + finishRun compute (compared rule by rule and node by node
// on the landing, a CAEN class page and the mailbox when this was written). A scan whose part holds
// a frame (the e-mail editor's canvas) still goes through AxeBuilder, which injects axe into each
// frame and merges their results: the in-page run left the canvas's nodes out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

// The axe-core that @axe-core/playwright itself injects (its dependency, at its pinned version).
const AXE_SOURCE = readFileSync(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** What a check reads of a scan: each violation's rule and the elements it names (AxeResults has them). */
type Found = { violations: Array<Pick<AxeResults['violations'][number], 'id'> & { nodes: Array<Pick<AxeResults['violations'][number]['nodes'][number], 'target'>> }> };
type RunOptions = Parameters<AxeBuilder['options']>[0];
/** The part of axe-core's API used in the page (the page's copy, injected from AXE_SOURCE). */
type AxeWindow = { axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults>; utils: { getFrameContexts: (context: unknown) => unknown[] } } };
type Scope = { include?: string; exclude?: string[] };
/** What AxeBuilder hands axe for the same selectors: the whole document when `include` is empty. */
type SelectorContext = { include: string[]; exclude: string[] };

async function runAxe(page: Page, scope: Scope, options: RunOptions): Promise<Found> {
  const context: SelectorContext = { exclude: scope.exclude ?? [], include: scope.include ? [scope.include] : [] };
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  // Handed over as JSON: plain selectors, and no Playwright type mapping of axe's context types.
  const json = JSON.stringify({ context, options });
  const frames = await page.evaluate((j: string) => (window as AxeWindow).axe!.utils.getFrameContexts((JSON.parse(j) as { context: unknown }).context).length, json);
  if (frames > 0) {
    let builder = new AxeBuilder({ page }).options(options);
    if (scope.include) builder = builder.include(scope.include);
    for (const e of scope.exclude ?? []) builder = builder.exclude(e);
    return builder.analyze();
  }
  // Only the violations come back over the protocol: the passes list thousands of nodes a scan.
  const violations = await page.evaluate(async (j: string) => {
    const { context, options } = JSON.parse(j) as { context: unknown; options: object };
    const results = await (window as AxeWindow).axe!.run(context, { ...options, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, json);
  return { violations };
}

/** The last scan's split, in ms: the animation wait and axe (injection and run); the spec logs it with RF_A11Y_TIMINGS=<file> (decision 112). */
export const axeTimings = { settle: 0, axe: 0 };

/**
 * `include`: check only this part (an open dialog or list hides the rest of the page from
 * assistive technology); `exclude`: leave out what is not ours (the sandboxed email preview, the
 * email editor's canvas).
 */
export async function expectNoAxeViolations(page: Page, opts: { include?: string; exclude?: string[]; label?: string } = {}) {
  const t0 = Date.now();
  await settleAnimations(page);
  const t1 = Date.now();
  const { violations } = await runAxe(page, opts, { runOnly: { type: 'tag', values: AXE_TAGS } });
  axeTimings.settle = t1 - t0;
  axeTimings.axe = Date.now() - t1;
  const prefix = opts.label ? `${opts.label}: ` : '';
  expect(violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`)).toEqual([]);
}

/**
 * Waits until no finite animation or transition runs that changes how a colour reads (a toast
 * fading in, a dialog opening): axe computes colour contrast from the opacity of the moment, so a
 * half-faded toast reads as a contrast failure. Endless animations (spinners) are left alone, and
 * so are those that only move or scale (a toast's 5 s countdown bar, which made every scan of a page
 * with a toast wait the full 5 s and then start as the toast faded out); after 5 s the check goes on.
 */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          if (a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) return true;
          const frames = a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : [];
          const moved = new Set(['offset', 'easing', 'composite', 'computedOffset', 'transform', 'translate', 'scale', 'rotate']);
          return frames.length > 0 && frames.every((f) => Object.keys(f).every((k) => moved.has(k)));
        }),
      null,
      { timeout: 5000 },
    )
    .catch(() => {});
}

/** Only the named rules, inside `include` (a part the tag check above must leave out, as the email editor). */
export async function expectNoAxeRuleViolations(page: Page, include: string, rules: string[]) {
  const { violations } = await runAxe(page, { include }, { runOnly: { type: 'rule', values: rules } });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
