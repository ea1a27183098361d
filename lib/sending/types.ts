// What the sending endpoints answer (PascalCase, as the product's API).

import type { z } from 'zod';
import type { AnswerOf } from '@/lib/api/client';
import type { followUpInfoAnswer, mailStatus, resultCountsAnswer, resultRatesAnswer } from '@/lib/api/contract/mail';

/** Trimis, Deschis, Interactionat once delivered; the other values while queued or when not sent. */
export type MailStatus = z.output<typeof mailStatus>;

/** One company of a sending: its addresses and their statuses (StatusOn: when the message reached its status; null before delivery). */
export type MailCompanyEntry = AnswerOf<'GET /api/MailSend/getCompaniesMailByGroup'>['Items'][number];

/** A sending of the history (Name: the subject; ScheduledFor: when a scheduled sending becomes due, null when sent at once). */
export type SentMailing = AnswerOf<'GET /api/MailSend/getMailsHistory'>['Items'][number];

export type { Paged } from '@/lib/shared/paged';

export type CompanySentSummary = AnswerOf<'GET /api/MailSend/getCompaniesSendedMails'>['Items'][number];

export type CompanyTemplateMails = AnswerOf<'GET /api/MailSend/getMailsByCompanies'>['Items'][number];

export type MailComment = AnswerOf<'GET /api/MailSend/getMailComments'>[number];

/** What a send of the draft would do now (Companies: the draft's own and its saved search's matches; From / ReplyTo as the recipients see them). */
export type SendSummary = AnswerOf<'GET /api/MailSend/getSendSummary'>;

export type SendResult = AnswerOf<'POST /api/MailSend/sendMails'>;

export const STATUS_LABELS: Record<MailStatus, string> = {
  Queued: 'În așteptare',
  Sending: 'Se trimite',
  Trimis: 'Trimis',
  Deschis: 'Deschis',
  Interactionat: 'Interacționat',
  Esuat: 'Eșuat',
  Suprimat: 'Dezabonat',
};

// ── campaigns (issue 28) ──

/** Who the recipients see the message from, and where their answers go (the draft page shows both). */
export type SenderPreview = { From: string; ReplyTo: string | null };

export type SendTestResult = AnswerOf<'POST /api/MailSend/sendTest'>;

/** The counts of one sending (or of all the sendings of a template), machine opens and clicks left out. */
export type ResultCounts = z.output<typeof resultCountsAnswer>;

/** Rates over the delivered messages (Sent), 0..1; null before anything was delivered. */
export type ResultRates = z.output<typeof resultRatesAnswer>;

/** IsRunning: messages still queued (the page polls); CanChangeSchedule: the author, before the scheduled time; Timeline: hourly buckets (UTC start). */
export type SendingResults = AnswerOf<'GET /api/MailSend/getSendingResults'>;

export type TemplateResults = AnswerOf<'GET /api/MailSend/getTemplateResults'>;

export type FollowUpInfo = z.output<typeof followUpInfoAnswer>;
