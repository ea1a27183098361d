// The contract of the mail endpoints (șabloane, ciorne, campanii): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { idAnswer, idNameAnswer, listAnswer, noContentAnswer, pagedAnswer } from './answers';
import { companiesMailQuerySchema, createDraftSchema, draftGroupsQuerySchema, draftIdQuerySchema, editDraftSchema, idQuerySchema, mailsDraftQuerySchema } from '@/lib/drafts/schemas';
import { leaveMessageSchema } from '@/lib/messages/schemas';
import { setDraftSegmentSchema } from '@/lib/prospecting/schemas';
import { addMailCommentSchema, cancelFollowUpSchema, cancelScheduleSchema, companiesMailByGroupQuery, companiesSendedMailsQuery, deleteMailCommentQuery, editMailCommentSchema, followUpSchema, mailCommentsQuery, mailsByCompaniesQuery, mailsHistoryByGroupQuery, mailsHistoryQuery, rescheduleSchema, sendMailsScheduledSchema, sendSummaryQuery, sendTestSchema, sendingResultsQuery, templateResultsQuery } from '@/lib/sending/schemas';
import { deletedListQuerySchema } from '@/lib/shared/restore';
import { editTemplateSchema, previewSchema, templateIdQuerySchema, templateListQuerySchema, templateSchema } from '@/lib/templates/schemas';

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
    answer: listAnswer,
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
    answer: pagedAnswer,
  },
  'GET /api/MailTemplate/get': {
    access: 'user',
    summary: 'Un șablon de e-mail',
    query: templateIdQuerySchema,
    answer: z.object({ Id: z.number(), Name: z.string(), Description: z.string(), Content: z.string(), Tags: z.array(z.unknown()) }),
  },
  'POST /api/MailTemplate/Add': {
    access: 'user',
    summary: 'Creează un șablon de e-mail',
    body: templateSchema,
    answer: z.object({ Name: z.string(), Description: z.string(), Id: z.number(), Tags: z.array(z.unknown()) }),
  },
  'PUT /api/MailTemplate/Edit': {
    access: 'user',
    summary: 'Modifică un șablon de e-mail',
    body: editTemplateSchema,
    answer: z.object({ Name: z.string(), Description: z.string(), Id: z.number(), Tags: z.array(z.unknown()) }),
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
    answer: z.object({ Id: z.number(), GroupedMailId: z.number(), TemplateId: z.number().nullable(), TemplateName: z.string().nullable(), Name: z.string(), Description: z.string(), Content: z.string(), Tags: z.array(z.unknown()), CompanyIds: z.array(z.unknown()), GroupIds: z.array(z.unknown()), CompaniesNumber: z.number(), CreatedOn: z.string(), CreatedBy: z.string() }),
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
    answer: pagedAnswer,
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
    answer: pagedAnswer,
  },
  'GET /api/MailSend/getMailsHistory': {
    access: 'user',
    summary: 'Istoricul trimiterilor (paginat)',
    query: mailsHistoryQuery,
    answer: pagedAnswer,
  },
  'GET /api/MailSend/getMailsHistoryByGroup': {
    access: 'user',
    summary: 'Istoricul trimiterilor unui grup',
    query: mailsHistoryByGroupQuery,
    answer: pagedAnswer,
  },
  'GET /api/MailSend/getCompaniesMailByGroup': {
    access: 'user',
    summary: 'Firmele unui grup, pentru o ciornă',
    query: companiesMailByGroupQuery,
    answer: pagedAnswer,
  },
  'GET /api/MailSend/getMailsByCompanies': {
    access: 'user',
    summary: 'E-mailurile trimise unei firme',
    query: mailsByCompaniesQuery,
    answer: z.object({ Items: z.array(z.unknown()) }),
  },
  'GET /api/MailSend/getCompaniesSendedMails': {
    access: 'user',
    summary: 'Firmele cărora li s-au trimis e-mailuri',
    query: companiesSendedMailsQuery,
    answer: pagedAnswer,
  },
  // The draft page's groups (filter counts and add-groups dialog) and the template preview.
  'GET /api/MailSend/getDraftGroups': {
    access: 'user',
    summary: 'Grupurile unei ciorne, cu numărul de firme',
    query: draftGroupsQuerySchema,
    answer: z.object({ Groups: z.array(z.unknown()), DraftCompaniesNumber: z.number() }),
  },
  'POST /api/MailTemplate/preview': {
    access: 'user',
    summary: 'Previzualizează un șablon cu datele unei firme',
    body: previewSchema,
    answer: z.object({ Html: z.string(), Text: z.string(), Values: z.looseObject({}) }),
  },
  'GET /api/MailTemplate/getDeletedMailTemplates': {
    access: 'user',
    summary: 'Șabloanele șterse în ultimele 30 de zile',
    query: deletedListQuerySchema,
    answer: pagedAnswer,
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
    answer: z.object({ Recipients: z.number(), Suppressed: z.number(), Unsubscribed: z.number(), Bounced: z.number(), CompaniesWithoutEmail: z.number(), WillSend: z.number(), DailyLimit: z.number(), SentLast24h: z.number(), RemainingToday: z.number(), From: z.string(), ReplyTo: z.string().nullable() }),
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
    answer: z.object({ GroupedMailId: z.number(), Name: z.string(), TemplateId: z.number().nullable(), TemplateName: z.string().nullable(), SendOn: z.string().nullable(), ScheduledFor: z.string().nullable(), IsRunning: z.boolean(), IsAuthor: z.boolean(), CanChangeSchedule: z.boolean(), Counts: z.looseObject({}), Rates: z.looseObject({}), FollowUp: z.looseObject({}).nullable(), Links: z.array(z.unknown()), Timeline: z.array(z.unknown()) }),
  },
  'GET /api/MailSend/getTemplateResults': {
    access: 'user',
    summary: 'Rezultatele unui șablon',
    query: templateResultsQuery,
    answer: z.object({ TemplateId: z.number(), Name: z.string(), Counts: z.looseObject({}), Rates: z.looseObject({}), Sendings: z.array(z.unknown()) }),
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
