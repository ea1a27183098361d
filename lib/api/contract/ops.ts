// The contract of the ops endpoints (operare: sănătate, urmărire, joburi, webhookuri): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { unknownAnswer } from './answers';
import { inboundBounceQuery } from '@/lib/sending/schemas';

/** The notification cron: Notified counts the followers' notifications of finished imports (decision 073). */
const notificationCronAnswer = z.object({
  Notified: z.number(),
  Users: z.number(),
  Queued: z.number(),
  Skipped: z.number(),
  Sent: z.number(),
  Retried: z.number(),
  Failed: z.number(),
  Cancelled: z.number(),
});

export const opsContract = endpoints({
  'GET /api/health': {
    access: 'public',
    summary: 'Starea aplicației și a bazei de date',
    answer: z.object({ Status: z.string() }),
  },
  // Liveness and readiness for a load balancer (issue 32, cluster-search).
  'GET /api/health/live': {
    access: 'public',
    summary: 'Aplicația rulează (liveness)',
    answer: z.object({ Status: z.string() }),
  },
  'GET /api/health/ready': {
    access: 'public',
    summary: 'Aplicația poate primi cereri (readiness)',
    answer: z.looseObject({ Status: z.string() }),
  },
  // The links inside campaign messages: anyone holding the message opens them; the signed token in
  // the link is the credential (server/mail/link-tokens.ts).
  'GET /api/track/open': {
    access: 'public',
    summary: 'Înregistrează deschiderea unui mesaj (pixel)',
    answer: unknownAnswer,
    answerType: 'image/gif',
  },
  'HEAD /api/track/open': {
    access: 'public',
    summary: 'Înregistrează deschiderea unui mesaj (pixel)',
    answer: unknownAnswer,
    answerType: 'image/gif',
  },
  'GET /api/track/click': {
    access: 'public',
    summary: 'Înregistrează un clic și redirecționează',
    answer: unknownAnswer,
    answerType: 'redirect',
  },
  'HEAD /api/track/click': {
    access: 'public',
    summary: 'Înregistrează un clic și redirecționează',
    answer: unknownAnswer,
    answerType: 'redirect',
  },
  'POST /api/track/unsubscribe': {
    access: 'public',
    summary: 'Dezabonare cu un clic (RFC 8058)',
    answer: z.object({ Unsubscribed: z.boolean() }),
  },
  // Late bounces and complaints (decision 058): the bounce address's reports, posted by the bounce
  // SMTP listener with the cron secret; the relays' webhooks check their own credential (SNS
  // signature, Postmark basic auth) and answer 404 while unconfigured.
  'POST /api/inbound/bounce': {
    access: 'cron',
    summary: 'Raport de nelivrare primit de adresa de bounce',
    query: inboundBounceQuery,
    answer: z.object({ Matched: z.number(), Suppressed: z.number(), Retried: z.number(), Ignored: z.number(), Type: z.enum(["dsn", "arf"]).nullable() }),
  },
  'POST /api/webhooks/ses': {
    access: 'public',
    summary: 'Notificări Amazon SES (nelivrări, reclamații)',
    answer: z.union([z.object({ Matched: z.number(), Suppressed: z.number(), Retried: z.number(), Ignored: z.number() }), z.object({ Confirmed: z.boolean(), Ignored: z.undefined().optional() }), z.object({ Ignored: z.number(), Confirmed: z.undefined().optional() })]),
  },
  'POST /api/webhooks/postmark': {
    access: 'public',
    summary: 'Notificări Postmark (nelivrări, reclamații)',
    answer: z.object({ Matched: z.number(), Suppressed: z.number(), Retried: z.number(), Ignored: z.number() }),
  },
  'POST /api/cron/send-mails': {
    access: 'cron',
    summary: 'Job programat: trimite e-mailurile din coadă',
    answer: z.object({ Sent: z.number(), Retried: z.number(), Failed: z.number(), Campaign: z.looseObject({}) }),
  },
  'GET /api/cron/send-mails': {
    access: 'cron',
    summary: 'Job programat: trimite e-mailurile din coadă',
    answer: z.object({ Sent: z.number(), Retried: z.number(), Failed: z.number(), Campaign: z.looseObject({}) }),
  },
  // Tests only (decision 089): the e2e server (TEST_CLOCK=1, loopback) moves its clock instead of
  // waiting for a scheduled minute; everywhere else it answers 404.
  'POST /api/cron/test-clock': {
    access: 'cron',
    summary: 'Doar pentru teste: mută ceasul aplicației înainte',
    body: z.object({ OffsetSeconds: z.number().int().min(0).max(366 * 86_400) }),
    answer: z.object({ Now: z.string(), OffsetSeconds: z.number() }),
  },
  // cluster-ops (issue 32): Prometheus metrics, for a scraper on loopback or with METRICS_TOKEN.
  'GET /api/metrics': {
    access: 'metrics',
    summary: 'Metrici Prometheus',
    answer: unknownAnswer,
    answerType: 'text/plain',
  },
  // next-auth's own endpoints (providers, csrf, signin/<provider>, callback/<provider>): public by
  // nature; they never give access to data, only start or finish a provider redirect.
  'GET /api/nextauth/[...nextauth]': {
    access: 'public',
    summary: 'Fluxurile next-auth (furnizori, CSRF, autentificare externă)',
    answer: unknownAnswer,
    answerType: 'text/html',
  },
  'POST /api/nextauth/[...nextauth]': {
    access: 'public',
    summary: 'Fluxurile next-auth (furnizori, CSRF, autentificare externă)',
    answer: unknownAnswer,
    answerType: 'text/html',
  },
  'POST /api/cron/send-notifications': {
    access: 'cron',
    summary: 'Job programat: notificările importurilor încheiate, apoi rezumatele de notificări',
    answer: notificationCronAnswer,
  },
  'GET /api/cron/send-notifications': {
    access: 'cron',
    summary: 'Job programat: notificările importurilor încheiate, apoi rezumatele de notificări',
    answer: notificationCronAnswer,
  },
  // The daily retention job of campaign opens and clicks (decision 060).
  'POST /api/cron/privacy-retention': {
    access: 'cron',
    summary: 'Job programat: șterge datele de urmărire vechi',
    answer: z.object({ Cutoff: z.string(), Deleted: z.number(), Aggregated: z.number() }),
  },
  'GET /api/cron/privacy-retention': {
    access: 'cron',
    summary: 'Job programat: șterge datele de urmărire vechi',
    answer: z.object({ Cutoff: z.string(), Deleted: z.number(), Aggregated: z.number() }),
  },
  // The API's own description (docs/decisions/069): the OpenAPI 3.1 document and its reference page.
  'GET /api/openapi.json': {
    access: 'public',
    summary: 'Documentul OpenAPI 3.1 al API-ului',
    answer: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) }),
  },
  'GET /api/docs': {
    access: 'public',
    summary: 'Documentația API-ului (pagina de referință)',
    answer: unknownAnswer,
    answerType: 'text/html',
  },
  'GET /api/docs/scalar.js': {
    access: 'public',
    summary: 'Scriptul paginii de documentație (Scalar)',
    answer: unknownAnswer,
    answerType: 'text/javascript',
  },
  'GET /api/docs/init.js': {
    access: 'public',
    summary: 'Pornirea paginii de documentație',
    answer: unknownAnswer,
    answerType: 'text/javascript',
  },
});
