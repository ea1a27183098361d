// "Trimite un test" (issue 28): the draft as one company's contact would receive it, sent to the
// author's own address only. It writes no mail_send row, so it never counts as a sending, never
// takes from the daily limit and can never reach a company; links are not tracked and the
// subject says it is a test.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { applyMergeFields } from '@/lib/templates/merge';
import type { SendTestInput } from '@/lib/sending/schemas';
import type { SendTestResult } from '@/lib/sending/types';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { badRequest } from '../kernel/errors';
import { sendCampaignMail } from '../kernel/mail-transport';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { assertCanSend } from './policy';
import { composeMessage } from './compose';
import { loadIdentity } from './identity-queries';
import { buildMergeValues, mergeTargetKey } from '../templates/merge-values';

const TEST_SEND_TEXT = {
  notInDraft: 'Alegeți o firmă din lista draft-ului.',
  tooMany: (minutes: number) => `Ați trimis prea multe teste. Încercați din nou peste ${minutes} ${minutes === 1 ? 'minut' : 'minute'}.`,
} as const;

/** Tests per author per hour: enough to iterate on a design, too few to be a way round the limit. */
const TESTS_PER_HOUR = 20;

export async function sendTestMail(actor: Actor, input: SendTestInput): Promise<SendTestResult> {
  const draft = await assertCanSend(
    actor,
    await prisma.groupedMail.findFirst({ where: { id: input.MailDraftId, isDeleted: false }, select: { id: true, createdById: true, name: true, content: true } }),
  );
  const [company] = await sql<{ name: string }>(
    `SELECT c.name FROM grouped_mail_company gmc JOIN company c ON c.cui = gmc.cui
      WHERE gmc.grouped_mail_id = $1 AND gmc.cui = $2`,
    [draft.id, input.Cui],
  );
  if (!company) throw badRequest(TEST_SEND_TEXT.notInDraft);
  const hit = await hitRateLimit(`campaign-test:${actor.userId}`, TESTS_PER_HOUR, 3600);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, TEST_SEND_TEXT.tooMany);

  const identity = await loadIdentity(actor.userId);
  // The company's first address, exactly the preview's target: the same builder gives the same text.
  const target = { cui: input.Cui, email: null };
  const values = (await buildMergeValues(actor.userId, [target])).get(mergeTargetKey(target))!;
  // A random tracking id: the footer's unsubscribe link names no message, so it suppresses nothing.
  const composed = await composeMessage({ content: draft.content, values, trackingId: randomUUID(), tracking: false });
  await sendCampaignMail({
    to: identity.email,
    subject: `[Test] ${applyMergeFields(draft.name, values, (v) => v.replace(/[\r\n]+/g, ' '))}`,
    html: composed.html,
    text: composed.text,
    from: identity.from,
    replyTo: identity.replyTo,
    kind: 'campaign-test',
    ref: `campaign-test-${draft.id}`,
  });
  return { SentTo: identity.email, Company: company.name };
}
