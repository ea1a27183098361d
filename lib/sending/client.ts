// The browser's calls of the sending endpoints.
import { ApiError, apiCall } from '@/lib/api/client';

export const sendingApi = {
  sendMails: (MailDraftId: number, Content?: string) => apiCall('POST /api/MailSend/sendMails', { body: { MailDraftId, Content } }),
  history: (q: { OrderBy: string; SearchText?: string; PageNumber: number; GroupId?: number }) =>
    q.GroupId ? apiCall('GET /api/MailSend/getMailsHistoryByGroup', { query: q }) : apiCall('GET /api/MailSend/getMailsHistory', { query: q }),
  companiesOfSending: (groupedMailId: number, groupId: number | undefined, PageNumber = 1) =>
    apiCall('GET /api/MailSend/getCompaniesMailByGroup', { query: { groupedMailId, groupId, PageNumber }, background: true }),
  preview: (groupedMailId: number) => apiCall('GET /api/MailSend/getMailPreview', { query: { groupedMailId } }),
  companiesWithMails: (q: { OrderBy?: string; SearchText?: string; PageNumber: number }) =>
    apiCall('GET /api/MailSend/getCompaniesSendedMails', { query: { ...q, SearchText: q.SearchText || undefined } }),
  mailsOfCompany: (companyCui: number) => apiCall('GET /api/MailSend/getMailsByCompanies', { query: { companyCui }, background: true }),
  comments: (mailSendId: number) => apiCall('GET /api/MailSend/getMailComments', { query: { mailSendId }, background: true }),
  addComment: (MailId: number, Comment: string) => apiCall('POST /api/MailSend/addMailComment', { body: { MailId, Comment } }),
  editComment: (Id: number, Comment: string) => apiCall('PUT /api/MailSend/editComment', { body: { Id, Comment } }),
  deleteComment: (id: number) => apiCall('PUT /api/MailSend/virtualDeleteComment', { query: { id } }),
  sendSummary: (groupedMailId: number) => apiCall('GET /api/MailSend/getSendSummary', { query: { groupedMailId }, background: true }),
};

export function serverMessage(e: unknown): string | undefined {
  return e instanceof ApiError ? (e.body?.Message ?? undefined) : undefined;
}

export const SENDING_TOASTS = {
  sent: 'Email-ul a fost trimis cu succes!',
  commentAdded: 'Comentariul a fost adăugat cu succes!',
  commentUpdated: 'Comentariul a fost modificat cu succes!',
  commentDeleted: 'Comentariul a fost șters cu succes!',
} as const;

// ── campaigns (issue 28) ──
export const campaignsApi = {
  sendTest: (MailDraftId: number, Cui: number) => apiCall('POST /api/MailSend/sendTest', { body: { MailDraftId, Cui } }),
  sendingResults: (groupedMailId: number) => apiCall('GET /api/MailSend/getSendingResults', { query: { groupedMailId }, background: true }),
  templateResults: (templateId: number) => apiCall('GET /api/MailSend/getTemplateResults', { query: { templateId }, background: true }),
};
