// The contract of the mail endpoints (șabloane, ciorne, campanii): access, input schemas, answer and summary.
import { endpoints } from './types';
import { unknownAnswer } from './answers';
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
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailComments': {
    access: 'user',
    summary: 'Comentariile unui e-mail',
    query: mailCommentsQuery,
    answer: unknownAnswer,
  },
  'POST /api/MailSend/addMailComment': {
    access: 'user',
    summary: 'Adaugă un comentariu la un e-mail',
    body: addMailCommentSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/editComment': {
    access: 'user',
    summary: 'Modifică un comentariu al unui e-mail',
    body: editMailCommentSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/virtualDeleteComment': {
    access: 'user',
    summary: 'Șterge un comentariu al unui e-mail',
    query: deleteMailCommentQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailTemplate/getPagedMailTemplate': {
    access: 'user',
    summary: 'Șabloanele de e-mail (paginat)',
    query: templateListQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/MailTemplate/get': {
    access: 'user',
    summary: 'Un șablon de e-mail',
    query: templateIdQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/MailTemplate/Add': {
    access: 'user',
    summary: 'Creează un șablon de e-mail',
    body: templateSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailTemplate/Edit': {
    access: 'user',
    summary: 'Modifică un șablon de e-mail',
    body: editTemplateSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailTemplate/virtualDelete': {
    access: 'user',
    summary: 'Șterge un șablon (se poate restaura 30 de zile)',
    query: templateIdQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/MailTemplate/getTags': {
    access: 'user',
    summary: 'Etichetele care pot fi folosite într-un șablon',
    answer: unknownAnswer,
  },
  'POST /api/MailSend/createDraftMail': {
    access: 'user',
    summary: 'Creează o ciornă de campanie',
    body: createDraftSchema,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailDraft': {
    access: 'user',
    summary: 'O ciornă de campanie',
    query: draftIdQuerySchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/editDraft': {
    access: 'user',
    summary: 'Modifică o ciornă de campanie',
    body: editDraftSchema,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getCompaniesMail': {
    access: 'user',
    summary: 'Firmele destinatare ale unei ciorne',
    query: companiesMailQuerySchema,
    answer: unknownAnswer,
  },
  'DELETE /api/MailSend/deleteMailSend': {
    access: 'user',
    summary: 'Scoate destinatari dintr-o ciornă',
    query: idQuerySchema,
    answer: unknownAnswer,
  },
  'DELETE /api/MailSend/delete': {
    access: 'user',
    summary: 'Șterge o ciornă',
    query: idQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/MailSend/sendMails': {
    access: 'user',
    summary: 'Trimite (sau programează) o campanie',
    body: sendMailsScheduledSchema,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailsDraft': {
    access: 'user',
    summary: 'Ciornele utilizatorului (paginat)',
    query: mailsDraftQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailsHistory': {
    access: 'user',
    summary: 'Istoricul trimiterilor (paginat)',
    query: mailsHistoryQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailsHistoryByGroup': {
    access: 'user',
    summary: 'Istoricul trimiterilor unui grup',
    query: mailsHistoryByGroupQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getCompaniesMailByGroup': {
    access: 'user',
    summary: 'Firmele unui grup, pentru o ciornă',
    query: companiesMailByGroupQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailsByCompanies': {
    access: 'user',
    summary: 'E-mailurile trimise unei firme',
    query: mailsByCompaniesQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getCompaniesSendedMails': {
    access: 'user',
    summary: 'Firmele cărora li s-au trimis e-mailuri',
    query: companiesSendedMailsQuery,
    answer: unknownAnswer,
  },
  // The draft page's groups (filter counts and add-groups dialog) and the template preview.
  'GET /api/MailSend/getDraftGroups': {
    access: 'user',
    summary: 'Grupurile unei ciorne, cu numărul de firme',
    query: draftGroupsQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/MailTemplate/preview': {
    access: 'user',
    summary: 'Previzualizează un șablon cu datele unei firme',
    body: previewSchema,
    answer: unknownAnswer,
  },
  'GET /api/MailTemplate/getDeletedMailTemplates': {
    access: 'user',
    summary: 'Șabloanele șterse în ultimele 30 de zile',
    query: deletedListQuerySchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailTemplate/restore': {
    access: 'user',
    summary: 'Restaurează un șablon șters',
    query: templateIdQuerySchema,
    answer: unknownAnswer,
  },
  // Campaigns: what the draft page shows before Trimite, and the history's preview.
  'GET /api/MailSend/getSendSummary': {
    access: 'user',
    summary: 'Rezumatul unei trimiteri înainte de Trimite',
    query: sendSummaryQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getMailPreview': {
    access: 'user',
    summary: 'Previzualizarea unui mesaj trimis',
    query: sendSummaryQuery,
    answer: unknownAnswer,
  },
  // Campaigns a salesperson can trust (issue 28, decisions 057/058): the author's test send; the
  // results of a sending and of a template (the sending visibility rule of 022 narrows them).
  'POST /api/MailSend/sendTest': {
    access: 'user',
    summary: 'Trimite un mesaj de test autorului',
    body: sendTestSchema,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getSendingResults': {
    access: 'user',
    summary: 'Rezultatele unei trimiteri',
    query: sendingResultsQuery,
    answer: unknownAnswer,
  },
  'GET /api/MailSend/getTemplateResults': {
    access: 'user',
    summary: 'Rezultatele unui șablon',
    query: templateResultsQuery,
    answer: unknownAnswer,
  },
  // A scheduled sending, until it starts: moved or cancelled by its author (decision 057).
  'PUT /api/MailSend/rescheduleSending': {
    access: 'user',
    summary: 'Mută o trimitere programată',
    body: rescheduleSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/cancelScheduledSending': {
    access: 'user',
    summary: 'Anulează o trimitere programată',
    body: cancelScheduleSchema,
    answer: unknownAnswer,
  },
  // One follow-up step of a sending (decision 057): its author sets or cancels it.
  'PUT /api/MailSend/setFollowUp': {
    access: 'user',
    summary: 'Setează mesajul de revenire al unei trimiteri',
    body: followUpSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/cancelFollowUp': {
    access: 'user',
    summary: 'Anulează mesajul de revenire',
    body: cancelFollowUpSchema,
    answer: unknownAnswer,
  },
  'PUT /api/MailSend/setDraftSegment': {
    access: 'user',
    summary: 'Setează segmentul de destinatari al unei ciorne',
    body: setDraftSegmentSchema,
    answer: unknownAnswer,
  },
});
