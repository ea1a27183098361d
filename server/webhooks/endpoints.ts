// Webhook endpoints (issue 50, docs/decisions/096): a signed-in user (or their API key) creates an
// endpoint (the secret shown once), lists, changes, turns back on, rotates the secret of and
// deletes their own; reads an endpoint's delivery log and sends a delivery again ("Retrimite") or a
// sample event ("Trimite un test"). Actor first; the policy (./policy.ts) inside every call.
import 'server-only';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@/lib/webhooks/events';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_PER_USER_MAX,
  type CreatedWebhook,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
  type WebhookEndpointItem,
} from '@/lib/webhooks/schemas';
import type { Paged } from '@/lib/shared/paged';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { env } from '../kernel/env';
import { badRequest } from '../kernel/errors';
import { clockNow, nowSql } from '../kernel/clock';
import type { Prisma } from '../generated/prisma/client';
import { checkTargetUrl, UnsafeTargetError } from './address';
import { eventBody } from './events';
import { deliveryNotFound, endpointNotFound, ownDeliveryWhere, ownEndpointWhere } from './policy';
import { deliverWebhooks } from './sender';
import { newMessageId, newWebhookSecret } from './signing';

const endpointSelect = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  createdAt: true,
  disabledAt: true,
  disabledReason: true,
  consecutiveFailures: true,
} satisfies Prisma.WebhookEndpointSelect;
type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointSelect }>;

function toItem(r: EndpointRow): WebhookEndpointItem {
  return {
    Id: r.id,
    Url: r.url,
    Description: r.description,
    Events: r.eventTypes as WebhookEventType[],
    CreatedAt: r.createdAt.toISOString(),
    DisabledAt: r.disabledAt?.toISOString() ?? null,
    DisabledReason: r.disabledReason,
    ConsecutiveFailures: r.consecutiveFailures,
  };
}

/** The target's rule at creation (the same check runs again, after DNS, before every send). */
function checkUrlOrRefuse(url: string): void {
  try {
    checkTargetUrl(url, { production: env.NODE_ENV === 'production' });
  } catch (e) {
    if (e instanceof UnsafeTargetError) throw badRequest(`Adresa webhook-ului nu este permisă: ${e.message}.`, { Url: [`Adresa nu este permisă: ${e.message}.`] });
    throw e;
  }
}

async function getOwnEndpointOrThrow(actor: Actor, id: number): Promise<EndpointRow> {
  const row = await prisma.webhookEndpoint.findFirst({ where: { id, ...ownEndpointWhere(actor) }, select: endpointSelect });
  if (!row) throw endpointNotFound();
  return row;
}

export async function listWebhookEndpoints(actor: Actor): Promise<WebhookEndpointItem[]> {
  const rows = await prisma.webhookEndpoint.findMany({ where: ownEndpointWhere(actor), select: endpointSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return rows.map(toItem);
}

/** POST /api/Webhook/create: the answer is the only time the secret is shown. */
export async function createWebhookEndpoint(actor: Actor, input: { Url: string; Description: string; Events: WebhookEventType[] }): Promise<CreatedWebhook> {
  checkUrlOrRefuse(input.Url);
  const count = await prisma.webhookEndpoint.count({ where: ownEndpointWhere(actor) });
  if (count >= WEBHOOK_ENDPOINTS_PER_USER_MAX) throw badRequest(`Puteți avea cel mult ${WEBHOOK_ENDPOINTS_PER_USER_MAX} webhook-uri. Ștergeți unul pentru a adăuga altul.`);
  const secret = newWebhookSecret();
  const row = await prisma.webhookEndpoint.create({
    data: { userId: actor.userId, url: input.Url, description: input.Description, eventTypes: input.Events, secret },
    select: endpointSelect,
  });
  return { Endpoint: toItem(row), Secret: secret };
}

/** PUT /api/Webhook/update: the fields; Enabled turns a disabled endpoint back on (its failure streak reset). */
export async function updateWebhookEndpoint(actor: Actor, input: { Id: number; Url: string; Description: string; Events: WebhookEventType[]; Enabled: boolean }): Promise<WebhookEndpointItem> {
  const current = await getOwnEndpointOrThrow(actor, input.Id);
  checkUrlOrRefuse(input.Url);
  const enabling = input.Enabled && current.disabledAt !== null;
  const disabling = !input.Enabled && current.disabledAt === null;
  const row = await prisma.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      url: input.Url,
      description: input.Description,
      eventTypes: input.Events,
      updatedAt: clockNow(),
      ...(enabling ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
      ...(disabling ? { disabledAt: clockNow(), disabledReason: 'Oprit de proprietar.' } : {}),
    },
    select: endpointSelect,
  });
  return toItem(row);
}

export async function deleteWebhookEndpoint(actor: Actor, id: number): Promise<void> {
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, ...ownEndpointWhere(actor) } });
  if (count === 0) throw endpointNotFound();
}

/** POST /api/Webhook/rotateSecret: a new secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(actor: Actor, id: number): Promise<CreatedWebhook> {
  const current = await getOwnEndpointOrThrow(actor, id);
  const secret = newWebhookSecret();
  const row = await prisma.webhookEndpoint.update({ where: { id: current.id }, data: { secret, updatedAt: clockNow() }, select: endpointSelect });
  return { Endpoint: toItem(row), Secret: secret };
}

const deliverySelect = {
  id: true,
  msgId: true,
  eventType: true,
  status: true,
  attempts: true,
  lastStatus: true,
  lastError: true,
  createdAt: true,
  deliveredAt: true,
  nextAttempt: true,
} satisfies Prisma.WebhookDeliverySelect;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

function toDeliveryItem(r: DeliveryRow): WebhookDeliveryItem {
  const pending = r.status === 'Queued' || r.status === 'Sending';
  return {
    Id: Number(r.id),
    MessageId: r.msgId,
    EventType: r.eventType,
    Status: r.status as WebhookDeliveryStatus,
    Attempts: r.attempts,
    LastStatus: r.lastStatus,
    LastError: r.lastError,
    CreatedAt: r.createdAt.toISOString(),
    DeliveredAt: r.deliveredAt?.toISOString() ?? null,
    NextAttempt: pending ? r.nextAttempt.toISOString() : null,
  };
}

/** GET /api/Webhook/getDeliveries: an endpoint's log, newest first. */
export async function listWebhookDeliveries(actor: Actor, q: { EndpointId: number; PageNumber: number }): Promise<Paged<WebhookDeliveryItem>> {
  await getOwnEndpointOrThrow(actor, q.EndpointId);
  const where = { endpointId: q.EndpointId, ...ownDeliveryWhere(actor) } satisfies Prisma.WebhookDeliveryWhereInput;
  const [count, rows] = await Promise.all([
    prisma.webhookDelivery.count({ where }),
    prisma.webhookDelivery.findMany({ where, select: deliverySelect, orderBy: { id: 'desc' }, skip: (q.PageNumber - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE, take: WEBHOOK_DELIVERIES_PAGE_SIZE }),
  ]);
  return { Items: rows.map(toDeliveryItem), Count: count, NumberOfPages: Math.ceil(count / WEBHOOK_DELIVERIES_PAGE_SIZE) };
}

/**
 * POST /api/Webhook/resend ("Retrimite"): the same delivery queued again with the same webhook-id
 * (decision 061: it is the same event, and a receiver that already processed it may drop it by
 * that id), a fresh 24-hour retry window, and one attempt right away.
 */
export async function resendWebhookDelivery(actor: Actor, deliveryId: number): Promise<WebhookDeliveryItem> {
  const own = await prisma.webhookDelivery.findFirst({ where: { id: BigInt(deliveryId), ...ownDeliveryWhere(actor) }, select: { id: true, status: true } });
  if (!own) throw deliveryNotFound();
  if (own.status === 'Sending') throw badRequest('Livrarea se trimite chiar acum; încercați din nou peste un minut.');
  await sql(`UPDATE webhook_delivery SET status = 'Queued', next_attempt = ${nowSql()}, created_at = ${nowSql()} WHERE id = $1`, [own.id]);
  await deliverWebhooks({ ids: [own.id] });
  const row = await prisma.webhookDelivery.findFirstOrThrow({ where: { id: own.id }, select: deliverySelect });
  return toDeliveryItem(row);
}

/** POST /api/Webhook/test: a sample event to this endpoint only (even one that is disabled), sent at once. */
export async function sendWebhookTest(actor: Actor, id: number): Promise<WebhookDeliveryItem> {
  const endpoint = await getOwnEndpointOrThrow(actor, id);
  const msgId = newMessageId();
  const row = await prisma.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      msgId,
      eventType: WEBHOOK_TEST_EVENT,
      dedupeKey: `${WEBHOOK_TEST_EVENT}:${msgId}`,
      payload: eventBody(WEBHOOK_TEST_EVENT, { EndpointId: endpoint.id, Message: 'Eveniment de probă trimis din RadarFirme.' }),
      nextAttempt: clockNow(),
      createdAt: clockNow(),
    },
    select: { id: true },
  });
  await deliverWebhooks({ ids: [row.id], includeDisabled: true, noRetry: true });
  return toDeliveryItem(await prisma.webhookDelivery.findFirstOrThrow({ where: { id: row.id }, select: deliverySelect }));
}

/**
 * "Descarcă datele mele" (decision 109): the user's endpoints (never their secrets); their
 * deliveries, with what was sent, page by page (findWebhookDeliveriesOf, decision 124).
 */
export async function findWebhookDataOf(actor: Actor) {
  const endpoints = await prisma.webhookEndpoint.findMany({
    where: ownEndpointWhere(actor),
    select: { id: true, url: true, description: true, eventTypes: true, createdAt: true, disabledAt: true, disabledReason: true },
    orderBy: { id: 'asc' },
  });
  return endpoints.map(({ eventTypes, ...e }) => ({ ...e, events: eventTypes }));
}

/** The deliveries still kept of one of the actor's endpoints, `take` after the delivery `after` (id order). */
export async function findWebhookDeliveriesOf(actor: Actor, endpointId: number, after: number, take: number) {
  return prisma.webhookDelivery.findMany({
    where: { endpointId, id: { gt: after }, ...ownDeliveryWhere(actor) },
    select: { id: true, msgId: true, eventType: true, status: true, attempts: true, createdAt: true, deliveredAt: true, lastStatus: true, lastError: true, payload: true },
    orderBy: { id: 'asc' },
    take,
  });
}

/**
 * Retention (decision 109): a delivery older than WEBHOOK_DELIVERY_RETENTION_DAYS goes with its
 * attempts, whatever its state but one being sent (a queued one that old, of an endpoint turned
 * off, is no longer worth sending, and its body may name a campaign recipient). "Retrimite"
 * starts a delivery's period again. Batched so each statement stays short.
 */
export async function purgeOldWebhookDeliveries(opts: { now?: Date; days?: number } = {}): Promise<{ cutoff: string; deleted: number }> {
  const cutoff = new Date((opts.now ?? clockNow()).getTime() - (opts.days ?? env.WEBHOOK_DELIVERY_RETENTION_DAYS) * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = await sql<{ n: number }>(
      `WITH gone AS (
         DELETE FROM webhook_delivery WHERE id IN (SELECT id FROM webhook_delivery WHERE status <> 'Sending' AND created_at < $1 LIMIT 10000) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff],
    );
    deleted += rows[0].n;
    if (rows[0].n < 10_000) break;
  }
  return { cutoff: cutoff.toISOString(), deleted };
}
