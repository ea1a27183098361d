// Campaign events for webhooks (issue 50, docs/decisions/096): delivered, opened, clicked, bounced
// and unsubscribed, sent to the endpoints of the sending's author. Queued after the change they
// report has committed, and never allowed to fail it: a lost event is logged, the message's own
// state (the source of truth of the results page) is already written.
import 'server-only';
import type { WebhookEventType } from '@/lib/webhooks/events';
import { queueWebhookEvent } from '../webhooks/events';
import { findCampaignEventFacts } from './queries';

type CampaignEvent = Extract<WebhookEventType, `campaign.${string}`>;

/** `detail` tells one event of the type from another for the same message (a click's link). */
export async function emitCampaignEvent(type: CampaignEvent, mailSendId: number, detail: { url?: string } = {}): Promise<void> {
  try {
    const facts = await findCampaignEventFacts(mailSendId);
    if (!facts) return;
    await queueWebhookEvent({
      userIds: [facts.authorId],
      type,
      data: { SendingId: facts.groupedMailId, MessageId: facts.id, Cui: facts.cui, Email: facts.email, ...(detail.url ? { Url: detail.url } : {}) },
      dedupeKey: detail.url ? `${facts.id}:${detail.url}` : String(facts.id),
    });
  } catch (e) {
    console.error(`[webhooks] evenimentul ${type} al mesajului ${mailSendId} nu a fost pus în coadă: ${e instanceof Error ? e.message : String(e)}`);
  }
}
