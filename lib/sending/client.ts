// The browser's calls of the sending endpoints.
import { api, ApiError } from '@/lib/api-client';
import type {
  CompanySentSummary,
  CompanyTemplateMails,
  MailComment,
  MailCompanyEntry,
  Paged,
  SendResult,
  SendingResults,
  SendSummary,
  SendTestResult,
  SentMailing,
  TemplateResults,
} from './types';

export const sendingApi = {
  sendMails: (MailDraftId: number, Content?: string) => api.post<SendResult>('/api/MailSend/sendMails', { MailDraftId, Content }),
  history: (q: { OrderBy: string; SearchText?: string; PageNumber: number; GroupId?: number }) =>
    q.GroupId
      ? api.get<Paged<SentMailing>>('/api/MailSend/getMailsHistoryByGroup', q)
      : api.get<Paged<SentMailing>>('/api/MailSend/getMailsHistory', q),
  companiesOfSending: (groupedMailId: number, groupId: number | undefined, PageNumber = 1) =>
    api.get<Paged<MailCompanyEntry>>('/api/MailSend/getCompaniesMailByGroup', { groupedMailId, groupId, PageNumber }, { background: true }),
  preview: (groupedMailId: number) => api.get<{ Subject: string; Html: string }>('/api/MailSend/getMailPreview', { groupedMailId }),
  companiesWithMails: (q: { OrderBy?: string; SearchText?: string; PageNumber: number }) =>
    api.get<Paged<CompanySentSummary>>('/api/MailSend/getCompaniesSendedMails', { ...q, SearchText: q.SearchText || undefined }),
  mailsOfCompany: (companyCui: number) => api.get<{ Items: CompanyTemplateMails[] }>('/api/MailSend/getMailsByCompanies', { companyCui }, { background: true }),
  comments: (mailSendId: number) => api.get<MailComment[]>('/api/MailSend/getMailComments', { mailSendId }, { background: true }),
  addComment: (MailId: number, Comment: string) => api.post<{ Id: number }>('/api/MailSend/addMailComment', { MailId, Comment }),
  editComment: (Id: number, Comment: string) => api.put<{ Id: number }>('/api/MailSend/editComment', { Id, Comment }),
  deleteComment: (id: number) => apiPutQuery(`/api/MailSend/virtualDeleteComment?id=${id}`),
  sendSummary: (groupedMailId: number) => api.get<SendSummary>('/api/MailSend/getSendSummary', { groupedMailId }, { background: true }),
};

function apiPutQuery(path: string) {
  return api.put<{ Id: number }>(path);
}

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
  sendTest: (MailDraftId: number, Cui: number) => api.post<SendTestResult>('/api/MailSend/sendTest', { MailDraftId, Cui }),
  sendingResults: (groupedMailId: number) => api.get<SendingResults>('/api/MailSend/getSendingResults', { groupedMailId }, { background: true }),
  templateResults: (templateId: number) => api.get<TemplateResults>('/api/MailSend/getTemplateResults', { templateId }, { background: true }),
};
