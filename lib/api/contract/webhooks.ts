// The contract of webhook endpoints (issue 50, docs/decisions/096): a user's own endpoints, their
// delivery log, "Retrimite" and the test event; and the cron sender. The events' bodies are in
// lib/webhooks/events.ts (the OpenAPI document's `webhooks` section).
import { z } from 'zod';
import { endpoints } from './types';
import { noContentAnswer, paged } from './answers';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookIdBodySchema,
  webhookIdSchema,
  webhookResendSchema,
} from '@/lib/webhooks/schemas';

const endpointItem = z.object({
  Id: z.number().int(),
  Url: z.string(),
  Description: z.string(),
  Events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  CreatedAt: z.string(),
  DisabledAt: z.string().nullable(),
  DisabledReason: z.string().nullable(),
  ConsecutiveFailures: z.number().int(),
});
const created = z.object({ Endpoint: endpointItem, Secret: z.string() });
const deliveryItem = z.object({
  Id: z.number().int(),
  MessageId: z.string(),
  EventType: z.string(),
  Status: z.enum(['Queued', 'Sending', 'Delivered', 'Failed']),
  Attempts: z.number().int(),
  LastStatus: z.number().int().nullable(),
  LastError: z.string().nullable(),
  CreatedAt: z.string(),
  DeliveredAt: z.string().nullable(),
  NextAttempt: z.string().nullable(),
});
const sendReport = z.object({ Delivered: z.number(), Retried: z.number(), Failed: z.number(), Disabled: z.number() });

const savedSearchReport = z.object({ Checked: z.number().int(), Events: z.number().int(), Notices: z.number().int(), Mails: z.number().int() });

export const webhooksContract = endpoints({
  // Owner only: another user's endpoint, and an Admin's look at it, answer 404 (server/webhooks/policy.ts).
  'GET /api/Webhook/getMyEndpoints': { access: 'user', summary: 'Webhook-urile utilizatorului', answer: z.array(endpointItem) },
  'POST /api/Webhook/create': { access: 'user', summary: 'Adaugă un webhook (secretul de semnare apare o singură dată)', body: createWebhookSchema, answer: created },
  'PUT /api/Webhook/update': { access: 'user', summary: 'Modifică un webhook (adresă, evenimente, activ)', body: updateWebhookSchema, answer: endpointItem },
  'DELETE /api/Webhook/[id]': { access: 'user', summary: 'Șterge un webhook și jurnalul lui', params: webhookIdSchema, answer: noContentAnswer },
  'POST /api/Webhook/rotateSecret': { access: 'user', summary: 'Generează un secret de semnare nou (cel vechi nu mai semnează)', body: webhookIdBodySchema, answer: created },
  'POST /api/Webhook/test': { access: 'user', summary: 'Trimite un eveniment de probă (webhook.test) la webhook', body: webhookIdBodySchema, answer: deliveryItem },
  'GET /api/Webhook/getDeliveries': { access: 'user', summary: 'Jurnalul livrărilor unui webhook', query: webhookDeliveriesQuerySchema, answer: paged(deliveryItem) },
  'POST /api/Webhook/resend': { access: 'user', summary: 'Retrimite o livrare (același webhook-id)', body: webhookResendSchema, answer: deliveryItem },
  'POST /api/cron/send-webhooks': { access: 'cron', summary: 'Job programat: trimite evenimentele webhook din coadă', answer: sendReport },
  'GET /api/cron/send-webhooks': { access: 'cron', summary: 'Job programat: trimite evenimentele webhook din coadă', answer: sendReport },
  // Decision 109: the saved-search job (saved_search.new_matches).
  'POST /api/cron/saved-search-matches': { access: 'cron', summary: 'Job programat: caută firmele noi ale căutărilor salvate', answer: savedSearchReport },
  'GET /api/cron/saved-search-matches': { access: 'cron', summary: 'Job programat: caută firmele noi ale căutărilor salvate', answer: savedSearchReport },
});
