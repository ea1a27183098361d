// Standard Webhooks signing (issue 50, docs/decisions/096): the secret is "whsec_" and 24 random
// bytes in base64, and every request carries webhook-id, webhook-timestamp and webhook-signature
// ("v1,<HMAC-SHA256 of id.timestamp.body>"), computed by the scheme's own library so a receiver
// verifies with any Standard Webhooks implementation.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@/lib/webhooks/schemas';

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** A new message id: the webhook-id of every attempt of one delivery, a re-delivery included. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * The three headers of one attempt. `at` is the machine's real time, not the application clock a
 * test may move: receivers refuse a timestamp more than five minutes from their own clock, and the
 * timestamp says when the bytes left, which no test needs to fake.
 */
export function signWebhook(secret: string, msgId: string, body: string, at: Date = new Date()): Record<string, string> {
  const signature = new Webhook(secret).sign(msgId, at, body);
  return { 'webhook-id': msgId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
