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
import { endpoint } from '@/lib/api/endpoint';

export const sendingApi = {
  sendMails: (MailDraftId: number, Content?: string) => api.post<SendResult>(endpoint('POST /api/MailSend/sendMails'), { MailDraftId, Content }),
  history: (q: { OrderBy: string; SearchText?: string; PageNumber: number; GroupId?: number }) =>
    q.GroupId
      ? api.get<Paged<SentMailing>>(endpoint('GET /api/MailSend/getMailsHistoryByGroup'), q)
      : api.get<Paged<SentMailing>>(endpoint('GET /api/MailSend/getMailsHistory'), q),
  companiesOfSending: (groupedMailId: number, groupId: number | undefined, PageNumber = 1) =>
    api.get<Paged<MailCompanyEntry>>(endpoint('GET /api/MailSend/getCompaniesMailByGroup'), { groupedMailId, groupId, PageNumber }, { background: true }),
  preview: (groupedMailId: number) => api.get<{ Subject: string; Html: string }>(endpoint('GET /api/MailSend/getMailPreview'), { groupedMailId }),
  companiesWithMails: (q: { OrderBy?: string; SearchText?: string; PageNumber: number }) =>
    api.get<Paged<CompanySentSummary>>(endpoint('GET /api/MailSend/getCompaniesSendedMails'), { ...q, SearchText: q.SearchText || undefined }),
  mailsOfCompany: (companyCui: number) => api.get<{ Items: CompanyTemplateMails[] }>(endpoint('GET /api/MailSend/getMailsByCompanies'), { companyCui }, { background: true }),
  comments: (mailSendId: number) => api.get<MailComment[]>(endpoint('GET /api/MailSend/getMailComments'), { mailSendId }, { background: true }),
  addComment: (MailId: number, Comment: string) => api.post<{ Id: number }>(endpoint('POST /api/MailSend/addMailComment'), { MailId, Comment }),
  editComment: (Id: number, Comment: string) => api.put<{ Id: number }>(endpoint('PUT /api/MailSend/editComment'), { Id, Comment }),
  deleteComment: (id: number) => apiPutQuery(`${endpoint('PUT /api/MailSend/virtualDeleteComment')}?id=${id}`),
  sendSummary: (groupedMailId: number) => api.get<SendSummary>(endpoint('GET /api/MailSend/getSendSummary'), { groupedMailId }, { background: true }),
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
  sendTest: (MailDraftId: number, Cui: number) => api.post<SendTestResult>(endpoint('POST /api/MailSend/sendTest'), { MailDraftId, Cui }),
  sendingResults: (groupedMailId: number) => api.get<SendingResults>(endpoint('GET /api/MailSend/getSendingResults'), { groupedMailId }, { background: true }),
  templateResults: (templateId: number) => api.get<TemplateResults>(endpoint('GET /api/MailSend/getTemplateResults'), { templateId }, { background: true }),
};
