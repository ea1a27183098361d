/** @jest-environment node */
// Decision 124: MJML takes about 100 MB of heap per MB of source, and the server's heap is 320 MB;
// a design's MJML is refused past MJML_MAX_CHARS when saved, previewed or sent, never rendered.
import { renderCampaign } from '@/server/templates/render';
import { checkDesign, DESIGN_MAX_BYTES, DESIGN_MESSAGES, MJML_MAX_CHARS, serializeDesign } from '@/lib/templates/design';
import { AppError } from '@/server/kernel/errors';

const SECTION = '<mj-section><mj-column><mj-text>Bună ziua, {{NumeFirma}}: oferta noastră de servicii.</mj-text></mj-column></mj-section>';
/** A design whose MJML is about `chars` long. */
function designOf(chars: number): string {
  const body = SECTION.repeat(Math.ceil(chars / SECTION.length));
  return serializeDesign(`<mjml><mj-body>${body}</mj-body></mjml>`.slice(0, Math.max(chars, 40)), {});
}

test('a design whose MJML passes the bound is refused with the Romanian message, even within the 5 MB design limit', () => {
  const content = designOf(MJML_MAX_CHARS + 1);
  expect(content.length).toBeLessThan(DESIGN_MAX_BYTES);
  expect(checkDesign(content)).toEqual({ ok: false, message: DESIGN_MESSAGES.mjmlTooLarge });
  expect(DESIGN_MESSAGES.mjmlTooLarge).toMatch(/prea lung/);
});

test('a design at the bound is accepted', () => {
  const mjml = `<mjml><mj-body>${'x'.repeat(MJML_MAX_CHARS - 32)}</mj-body></mjml>`;
  expect(mjml).toHaveLength(MJML_MAX_CHARS);
  expect(checkDesign(serializeDesign(mjml, {})).ok).toBe(true);
});

test('a stored design past the bound (saved before it) is refused at render time with 413, at once', async () => {
  // 4.9 MB of MJML: rendered, it exhausted a 320 MB heap after ~15 s of CPU.
  const content = designOf(4.9 * 1024 * 1024);
  const t = Date.now();
  const err = await renderCampaign(content, { CompanyName: 'A', Cui: '1', County: '', CaenActivity: '', ContactName: '' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('PAYLOAD_TOO_LARGE');
  expect((err as AppError).message).toBe(DESIGN_MESSAGES.mjmlTooLarge);
  expect(Date.now() - t).toBeLessThan(2000);
});

test('a design at the bound renders in the MJML worker: the event loop keeps turning meanwhile (decision 125)', async () => {
  const values = { CompanyName: 'Alfa SRL', Cui: '1', County: '', CaenActivity: '', ContactName: '' };
  // Starts the worker (MJML loaded) outside the measured part.
  await renderCampaign(designOf(2_000), values);
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const t = performance.now();
  const out = await renderCampaign(designOf(MJML_MAX_CHARS - 1_000), values);
  const took = performance.now() - t;
  clearInterval(tick);
  // The gap still open at the end counts too (in this thread no tick ran at all).
  longest = Math.max(longest, performance.now() - last);
  expect(out.html).toContain('Bună ziua, Alfa SRL: oferta noastră de servicii.');
  // In this thread MJML held the loop for the whole render (about 0.75 s of CPU at the bound).
  expect(took).toBeGreaterThan(150);
  expect(longest).toBeLessThan(took / 2);
}, 30_000);
