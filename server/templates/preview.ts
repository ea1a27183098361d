import 'server-only';
import type { PreviewInput } from '@/lib/templates/schemas';
import { SAMPLE_MERGE_VALUES, type MergeValues } from '@/lib/templates/merge';
import type { Actor } from '../auth/actor';
import { AppError, notFound } from '../kernel/errors';
import { assertSafeDesign } from './commands';
import { buildMergeValues, mergeTargetKey } from './merge-values';
import { renderCampaign } from './render';

type PreviewResult = { Html: string; Text: string; Values: MergeValues };

/** The design rendered for one company (or for sample values when none is chosen). */
export async function previewDesign(actor: Actor, input: PreviewInput): Promise<PreviewResult> {
  if (!input.Content.trim()) throw new AppError('VALIDATION', 'Designul email-ului este gol.', { Content: ['Designul email-ului este gol.'] });
  assertSafeDesign(input.Content);
  let values = SAMPLE_MERGE_VALUES;
  if (input.Cui !== null) {
    // The company's first address, as the test send mails it (the same builder, the same target).
    const target = { cui: input.Cui, email: null };
    const found = (await buildMergeValues(actor.userId, [target])).get(mergeTargetKey(target));
    if (!found) throw notFound('Firma nu a fost găsită.');
    values = found;
  }
  const out = await renderCampaign(input.Content, values);
  return { Html: out.html, Text: out.text, Values: values };
}
