// Webhook endpoints (issue 50, docs/decisions/096): the requests of the Webhook endpoints, the
// settings form's schema (the same object the server parses), and the answers' types.
import { z } from 'zod';
import { dbId, dbIdNumber, MESSAGES } from '../shared/schemas';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './events';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_ENDPOINTS_PER_USER_MAX = 10;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
const URL_MAX = 2000;
const DESCRIPTION_MAX = 200;

const URL_TEXT = {
  invalid: 'Adresa trebuie să fie un URL complet, de forma https://exemplu.ro/webhooks.',
  scheme: 'Adresa trebuie să înceapă cu https:// (sau http:// doar în dezvoltare).',
  credentials: 'Adresa nu poate conține utilizator sau parolă.',
} as const;

/**
 * The target's syntax: http(s), a host, no credentials. Whether http is allowed and whether the
 * host is a public address are the server's checks (server/webhooks/address.ts), at creation and
 * again, after DNS, before every send.
 */
const webhookUrlSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(URL_MAX, { error: MESSAGES.maxLength(URL_MAX), abort: true })
  .superRefine((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      return void ctx.addIssue({ code: 'custom', message: URL_TEXT.invalid });
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return void ctx.addIssue({ code: 'custom', message: URL_TEXT.scheme });
    if (!u.hostname) return void ctx.addIssue({ code: 'custom', message: URL_TEXT.invalid });
    if (u.username || u.password) ctx.addIssue({ code: 'custom', message: URL_TEXT.credentials });
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Eveniment necunoscut.' }))
  .min(1, { error: 'Alegeți cel puțin un eveniment.' })
  .transform((list) => [...new Set(list)]);

const descriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, { error: MESSAGES.maxLength(DESCRIPTION_MAX) })
  .optional()
  .transform((s) => s ?? '');

/** POST /api/Webhook/create; the settings form parses the same object. */
export const createWebhookSchema = z.object({ Url: webhookUrlSchema, Description: descriptionSchema, Events: eventsSchema });
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** PUT /api/Webhook/update: the same fields, and Enabled (turning a disabled endpoint back on). */
export const updateWebhookSchema = createWebhookSchema.extend({ Id: dbIdNumber(), Enabled: z.boolean() });
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookIdSchema = z.object({ id: dbId() });
export const webhookIdBodySchema = z.object({ Id: dbIdNumber() });
export const webhookDeliveriesQuerySchema = z.object({ EndpointId: dbId(), PageNumber: z.coerce.number().int().min(1).max(10_000).default(1) });
export const webhookResendSchema = z.object({ DeliveryId: dbIdNumber() });

export type WebhookEndpointItem = {
  Id: number;
  Url: string;
  Description: string;
  Events: WebhookEventType[];
  CreatedAt: string;
  DisabledAt: string | null;
  DisabledReason: string | null;
  ConsecutiveFailures: number;
};
export type CreatedWebhook = { Endpoint: WebhookEndpointItem; Secret: string };

export type WebhookDeliveryStatus = 'Queued' | 'Sending' | 'Delivered' | 'Failed';
export type WebhookDeliveryItem = {
  Id: number;
  MessageId: string;
  EventType: string;
  Status: WebhookDeliveryStatus;
  Attempts: number;
  LastStatus: number | null;
  LastError: string | null;
  CreatedAt: string;
  DeliveredAt: string | null;
  NextAttempt: string | null;
};

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  Queued: 'În coadă',
  Sending: 'Se trimite',
  Delivered: 'Livrat',
  Failed: 'Eșuat',
};
