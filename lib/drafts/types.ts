// What the draft endpoints answer (PascalCase, as the product's API), derived from their contract
// (lib/api/contract/mail.ts).
import type { AnswerOf } from '@/lib/api/client';

/** Segment: the saved search the draft also targets (issue 27); its matches join when the draft is sent. */
export type MailDraftDetails = AnswerOf<'GET /api/MailSend/getMailDraft'>;

/** One recipient company of a draft (a row of the Listă firme tab). */
export type DraftCompany = AnswerOf<'GET /api/MailSend/getCompaniesMail'>['Items'][number];

export type MailAddress = DraftCompany['Mails'][number];

export type DraftListItem = AnswerOf<'GET /api/MailSend/getMailsDraft'>['Items'][number];

export type DraftGroups = AnswerOf<'GET /api/MailSend/getDraftGroups'>;
