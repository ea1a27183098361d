// The contract of the mail endpoints (șabloane, ciorne, campanii): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { deletedItemAnswer, idAnswer, idNameAnswer, noContentAnswer, paged } from './answers';
import { companiesMailQuerySchema, createDraftSchema, draftGroupsQuerySchema, draftIdQuerySchema, editDraftSchema, idQuerySchema, mailsDraftQuerySchema } from '@/lib/drafts/schemas';
import { leaveMessageSchema } from '@/lib/messages/schemas';
import { setDraftSegmentSchema } from '@/lib/prospecting/schemas';
import { addMailCommentSchema, cancelFollowUpSchema, cancelScheduleSchema, companiesMailByGroupQuery, companiesSendedMailsQuery, deleteMailCommentQuery, editMailCommentSchema, followUpSchema, mailCommentsQuery, mailsByCompaniesQuery, mailsHistoryByGroupQuery, mailsHistoryQuery, rescheduleSchema, sendMailsScheduledSchema, sendSummaryQuery, sendTestSchema, sendingResultsQuery, templateResultsQuery } from '@/lib/sending/schemas';
import { deletedListQuerySchema } from '@/lib/shared/restore';
import { editTemplateSchema, previewSchema, templateIdQuerySchema, templateListQuerySchema, templateSchema } from '@/lib/templates/schemas';

// ── answers (lib/sending, lib/drafts and lib/templates derive their types from them) ──
/** Trimis, Deschis, Interactionat once delivered; the other values while queued or when not sent. */
export const mailStatus = z.enum(['Queued', 'Sending', 'Trimis', 'Deschis', 'Interactionat', 'Esuat', 'Suprimat']);
/** StatusOn: when the message reached its current status; null before delivery. */
const mailEntry = z.object({
  MailSendId: z.number().int(),
  Mail: z.string(),
  Status: mailStatus,
  StatusOn: z.string().nullable(),
  IsOpened: z.boolean(),
  LastError: z.string().nullable(),
  CommentsNumber: z.number().int(),
});
/** One company of a sending: its addresses and their statuses (Email: the first address). */
const mailCompanyEntryAnswer = z.object({
  CompanyCui: z.number().int(),
  Name: z.string(),
  GroupName: z.string().nullable(),
  HasMail: z.boolean(),
  Email: z.string(),
  MailSendId: z.number().int(),
  Mails: z.array(mailEntry),
});
/** A sending of the history (Name: the subject; ScheduledFor: null when sent at once). */
const sentMailingAnswer = z.object({
  GroupedMailId: z.number().int(),
  SendOn: z.string(),
  Name: z.string(),
  TemplateName: z.string().nullable(),
  SendBy: z.string(),
  NumberOfOpenedMails: z.number().int(),
  NumberOfTotalMails: z.number().int(),
  NumberOfPendingMails: z.number().int(),
  IsAuthor: z.boolean(),
  ScheduledFor: z.string().nullable(),
});
const companySentSummaryAnswer = z.object({ Company: z.string(), Cui: z.number().int(), NumberOfMails: z.number().int(), LastSendOn: z.string() });
const companyTemplateMailsAnswer = z.object({
  GroupedMailId: z.number().int(),
  Name: z.string(),
  SendOn: z.string(),
  Mails: z.array(z.object({ MailSendId: z.number().int(), Mail: z.string(), Status: mailStatus, StatusOn: z.string().nullable() })),
});
const mailCommentAnswer = z.object({ Id: z.number().int(), Content: z.string(), Comment: z.string(), MailId: z.number().int(), CreatedBy: z.string(), CreatedOn: z.string(), IsEditable: z.boolean() });
/** The counts of one sending (or of all the sendings of a template), machine opens and clicks left out. */
export const resultCountsAnswer = z.object({
  Total: z.number().int(),
  Queued: z.number().int(),
  Sent: z.number().int(),
  Deferred: z.number().int(),
  Failed: z.number().int(),
  Suppressed: z.number().int(),
  Bounced: z.number().int(),
  Complaints: z.number().int(),
  Opened: z.number().int(),
  Clicked: z.number().int(),
  Unsubscribed: z.number().int(),
});
/** Rates over the delivered messages (Sent), 0..1; null before anything was delivered. */
export const resultRatesAnswer = z.object({ Opened: z.number().nullable(), Clicked: z.number().nullable(), Bounced: z.number().nullable(), Unsubscribed: z.number().nullable() });
export const followUpInfoAnswer = z.object({
  TemplateId: z.number().int(),
  TemplateName: z.string(),
  Days: z.number().int(),
  Condition: z.enum(['NotOpened', 'NotClicked']),
  DueAt: z.string(),
  Status: z.enum(['Pending', 'Done', 'Cancelled']),
  FollowUpMailId: z.number().int().nullable(),
});
const templateSaved = z.object({ Id: z.number().int(), Name: z.string(), Description: z.string(), Tags: z.array(z.string()) });
/** Content: the editor design as JSON text ('' when none was saved). */
const templateDetailsAnswer = templateSaved.extend({ Content: z.string() });
/** Categories: the tags, shown as the Categorii badges of the list. */
const templateListItemAnswer = templateSaved.pick({ Id: true, Name: true, Description: true, Tags: true }).extend({ Categories: z.array(z.string()) });
/** MailSendId: the draft-company row (what deleteMailSend?id removes); Email: the addresses joined by ", ". */
const draftCompanyAnswer = z.object({
  MailSendId: z.number().int(),
  CompanyCui: z.number().int(),
  Name: z.string(),
  GroupId: z.number().int().nullable(),
  GroupName: z.string().nullable(),
  HasMail: z.boolean(),
  Email: z.string(),
  Mails: z.array(z.object({ Mail: z.string(), Status: z.string().nullable(), IsOpened: z.boolean() })),
});
const draftListItemAnswer = z.object({
  Id: z.number().int(),
  GroupedMailId: z.number().int(),
  Name: z.string(),
  TemplateId: z.number().int().nullable(),
  Template: z.string().nullable(),
  CreatedOn: z.string(),
  CreatedBy: z.string(),
  CompaniesNumber: z.number().int(),
});
/** CompaniesNumber: companies in the group now; DraftCompaniesNumber: of the draft's recipients, how many came from it. */
const draftGroupOption = z.object({ Id: z.number().int(), Name: z.string(), CompaniesNumber: z.number().int(), DraftCompaniesNumber: z.number().int() });

export const mailContract = endpoints({
  'POST /api/Email/SendLeaveUsMessageEmail': {
    access: 'public',
    summary: 'Trimite un mesaj din formularul de contact',
    body: leaveMessageSchema,
    answer: z.object({ Id: z.number(), Message: z.string() }),
  },
  'GET /api/MailSend/getMailComments': {
    access: 'user',
    summary: 'Comentariile unui e-mail',
    query: mailCommentsQuery,
    answer: z.array(mailCommentAnswer),
  },
  'POST /api/MailSend/addMailComment': {
    access: 'user',
    summary: 'Adaugă un comentariu la un e-mail',
    body: addMailCommentSchema,
    answer: idAnswer,
  },
  'PUT /api/MailSend/editComment': {
    access: 'user',
    summary: 'Modifică un comentariu al unui e-mail',
    body: editMailCommentSchema,
    answer: idAnswer,
  },
  'PUT /api/MailSend/virtualDeleteComment': {
    access: 'user',
    summary: 'Șterge un comentariu al unui e-mail',
    query: deleteMailCommentQuery,
    answer: idAnswer,
  },
  'GET /api/MailTemplate/getPagedMailTemplate': {
    access: 'user',
    summary: 'Șabloanele de e-mail (paginat)',
    query: templateListQuerySchema,
    answer: paged(templateListItemAnswer),
  },
  'GET /api/MailTemplate/get': {
    access: 'user',
    summary: 'Un șablon de e-mail',
    query: templateIdQuerySchema,
    answer: templateDetailsAnswer,
  },
  'POST /api/MailTemplate/Add': {
    access: 'user',
    summary: 'Creează un șablon de e-mail',
    body: templateSchema,
    answer: templateSaved,
  },
  'PUT /api/MailTemplate/Edit': {
    access: 'user',
    summary: 'Modifică un șablon de e-mail',
    body: editTemplateSchema,
    answer: templateSaved,
  },
  'PUT /api/MailTemplate/virtualDelete': {
    access: 'user',
    summary: 'Șterge un șablon (se poate restaura 30 de zile)',
    query: templateIdQuerySchema,
    answer: noContentAnswer,
  },
  'GET /api/MailTemplate/getTags': {
    access: 'user',
    summary: 'Etichetele care pot fi folosite într-un șablon',
    answer: z.array(z.string()),
  },
  'POST /api/MailSend/createDraftMail': {
    access: 'user',
    summary: 'Creează o ciornă de campanie',
    body: createDraftSchema,
    answer: z.number(),
  },
  'GET /api/MailSend/getMailDraft': {
    access: 'user',
    summary: 'O ciornă de campanie',
    query: draftIdQuerySchema,
    answer: z.object({ Id: z.number(), GroupedMailId: z.number(), TemplateId: z.number().nullable(), TemplateName: z.string().nullable(), Name: z.string(), Description: z.string(), Content: z.string(), Tags: z.array(z.string()), CompanyIds: z.array(z.number().int()), GroupIds: z.array(z.number().int()), CompaniesNumber: z.number(), CreatedOn: z.string(), CreatedBy: z.string(), Segment: z.object({ SavedSearchId: z.number().int(), Name: z.string() }).nullable() }),
  },
  'PUT /api/MailSend/editDraft': {
    access: 'user',
    summary: 'Modifică o ciornă de campanie',
    body: editDraftSchema,
    answer: noContentAnswer,
  },
  'GET /api/MailSend/getCompaniesMail': {
    access: 'user',
    summary: 'Firmele destinatare ale unei ciorne',
    query: companiesMailQuerySchema,
    answer: paged(draftCompanyAnswer),
  },
  'DELETE /api/MailSend/deleteMailSend': {
    access: 'user',
    summary: 'Scoate destinatari dintr-o ciornă',
    query: idQuerySchema,
    answer: noContentAnswer,
  },
  'DELETE /api/MailSend/delete': {
    access: 'user',
    summary: 'Șterge o ciornă',
    query: idQuerySchema,
    answer: noContentAnswer,
  },
  'POST /api/MailSend/sendMails': {
    access: 'user',
    summary: 'Trimite (sau programează) o campanie',
    body: sendMailsScheduledSchema,
    answer: z.object({ GroupedMailId: z.number(), Queued: z.number(), Suppressed: z.number(), AlreadySent: z.boolean() }),
  },
  'GET /api/MailSend/getMailsDraft': {
    access: 'user',
    summary: 'Ciornele utilizatorului (paginat)',
    query: mailsDraftQuerySchema,
    answer: paged(draftListItemAnswer),
  },
  'GET /api/MailSend/getMailsHistory': {
    access: 'user',
    summary: 'Istoricul trimiterilor (paginat)',
    query: mailsHistoryQuery,
    answer: paged(sentMailingAnswer),
  },
  'GET /api/MailSend/getMailsHistoryByGroup': {
    access: 'user',
    summary: 'Istoricul trimiterilor unui grup',
    query: mailsHistoryByGroupQuery,
    answer: paged(sentMailingAnswer),
  },
  'GET /api/MailSend/getCompaniesMailByGroup': {
    access: 'user',
    summary: 'Firmele unui grup, pentru o ciornă',
    query: companiesMailByGroupQuery,
    answer: paged(mailCompanyEntryAnswer),
  },
  'GET /api/MailSend/getMailsByCompanies': {
    access: 'user',
    summary: 'E-mailurile trimise unei firme',
    query: mailsByCompaniesQuery,
    answer: z.object({ Items: z.array(companyTemplateMailsAnswer) }),
  },
  'GET /api/MailSend/getCompaniesSendedMails': {
    access: 'user',
    summary: 'Firmele cărora li s-au trimis e-mailuri',
    query: companiesSendedMailsQuery,
    answer: paged(companySentSummaryAnswer),
  },
  // The draft page's groups (filter counts and add-groups dialog) and the template preview.
  'GET /api/MailSend/getDraftGroups': {
    access: 'user',
    summary: 'Grupurile unei ciorne, cu numărul de firme',
    query: draftGroupsQuerySchema,
    answer: z.object({ Groups: z.array(draftGroupOption), DraftCompaniesNumber: z.number() }),
  },
  'POST /api/MailTemplate/preview': {
    access: 'user',
    summary: 'Previzualizează un șablon cu datele unei firme',
    body: previewSchema,
    answer: z.object({ Html: z.string(), Text: z.string(), Values: z.object({ CompanyName: z.string(), Cui: z.string(), County: z.string(), CaenActivity: z.string(), ContactName: z.string() }) }),
  },
  'GET /api/MailTemplate/getDeletedMailTemplates': {
    access: 'user',
    summary: 'Șabloanele șterse în ultimele 30 de zile',
    query: deletedListQuerySchema,
    answer: paged(deletedItemAnswer),
  },
  'PUT /api/MailTemplate/restore': {
    access: 'user',
    summary: 'Restaurează un șablon șters',
    query: templateIdQuerySchema,
    answer: idNameAnswer,
  },
  // Campaigns: what the draft page shows before Trimite, and the history's preview.
  'GET /api/MailSend/getSendSummary': {
    access: 'user',
    summary: 'Rezumatul unei trimiteri înainte de Trimite',
    query: sendSummaryQuery,
    answer: z.object({ Recipients: z.number(), Suppressed: z.number(), Unsubscribed: z.number(), Bounced: z.number(), CompaniesWithoutEmail: z.number(), Companies: z.number(), WillSend: z.number(), DailyLimit: z.number(), SentLast24h: z.number(), RemainingToday: z.number(), From: z.string(), ReplyTo: z.string().nullable() }),
  },
  'GET /api/MailSend/getMailPreview': {
    access: 'user',
    summary: 'Previzualizarea unui mesaj trimis',
    query: sendSummaryQuery,
    answer: z.object({ Subject: z.string(), Html: z.string() }),
  },
  // Campaigns a salesperson can trust (issue 28, decisions 057/058): the author's test send; the
  // results of a sending and of a template (the sending visibility rule of 022 narrows them).
  'POST /api/MailSend/sendTest': {
    access: 'user',
    summary: 'Trimite un mesaj de test autorului',
    body: sendTestSchema,
    answer: z.object({ SentTo: z.string(), Company: z.string() }),
  },
  'GET /api/MailSend/getSendingResults': {
    access: 'user',
    summary: 'Rezultatele unei trimiteri',
    query: sendingResultsQuery,
    answer: z.object({ GroupedMailId: z.number(), Name: z.string(), TemplateId: z.number().nullable(), TemplateName: z.string().nullable(), SendOn: z.string().nullable(), ScheduledFor: z.string().nullable(), IsRunning: z.boolean(), IsAuthor: z.boolean(), CanChangeSchedule: z.boolean(), Counts: resultCountsAnswer, Rates: resultRatesAnswer, FollowUp: followUpInfoAnswer.nullable(), Links: z.array(z.object({ Url: z.string(), Clicks: z.number().int(), Recipients: z.number().int() })), Timeline: z.array(z.object({ At: z.string(), Opened: z.number().int(), Clicked: z.number().int() })) }),
  },
  'GET /api/MailSend/getTemplateResults': {
    access: 'user',
    summary: 'Rezultatele unui șablon',
    query: templateResultsQuery,
    answer: z.object({ TemplateId: z.number(), Name: z.string(), Counts: resultCountsAnswer, Rates: resultRatesAnswer, Sendings: z.array(z.object({ GroupedMailId: z.number().int(), Name: z.string(), SendOn: z.string().nullable(), Counts: resultCountsAnswer, Rates: resultRatesAnswer })) }),
  },
  // A scheduled sending, until it starts: moved or cancelled by its author (decision 057).
  'PUT /api/MailSend/rescheduleSending': {
    access: 'user',
    summary: 'Mută o trimitere programată',
    body: rescheduleSchema,
    answer: z.object({ ScheduledFor: z.string() }),
  },
  'PUT /api/MailSend/cancelScheduledSending': {
    access: 'user',
    summary: 'Anulează o trimitere programată',
    body: cancelScheduleSchema,
    answer: idAnswer,
  },
  // One follow-up step of a sending (decision 057): its author sets or cancels it.
  'PUT /api/MailSend/setFollowUp': {
    access: 'user',
    summary: 'Setează mesajul de revenire al unei trimiteri',
    body: followUpSchema,
    answer: z.object({ DueAt: z.string() }),
  },
  'PUT /api/MailSend/cancelFollowUp': {
    access: 'user',
    summary: 'Anulează mesajul de revenire',
    body: cancelFollowUpSchema,
    answer: idAnswer,
  },
  'PUT /api/MailSend/setDraftSegment': {
    access: 'user',
    summary: 'Setează segmentul de destinatari al unei ciorne',
    body: setDraftSegmentSchema,
    answer: z.object({ MatchCount: z.number(), IsCountCapped: z.boolean() }),
  },
});
