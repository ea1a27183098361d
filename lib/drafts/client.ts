// The browser's calls of the draft endpoints (paths and payloads as documented) and of sending.
import { slugify } from '../slug';
import { apiCall } from '@/lib/api/client';

export const draftsApi = {
  create: (body: { MailTemplateId: number; CompanyIds: number[]; GroupIds: number[] }) => apiCall('POST /api/MailSend/createDraftMail', { body }),
  get: (groupedMailSendId: number) => apiCall('GET /api/MailSend/getMailDraft', { query: { groupedMailSendId }, background: true }),
  edit: (body: { Id: number; Name?: string; Description?: string; Content?: string; CompanyIds: number[]; GroupIds: number[] }) => apiCall('PUT /api/MailSend/editDraft', { body }),
  companies: (q: { GroupedMailId: number; OrderBy: string; SearchText: string; PageNumber: number; GroupId?: number | null }) =>
    apiCall('GET /api/MailSend/getCompaniesMail', { query: q, background: true }),
  groups: (groupedMailId: number) => apiCall('GET /api/MailSend/getDraftGroups', { query: { groupedMailId }, background: true }),
  removeCompany: (id: number) => apiCall('DELETE /api/MailSend/deleteMailSend', { query: { id } }),
  remove: (id: number) => apiCall('DELETE /api/MailSend/delete', { query: { id } }),
  list: (q: { OrderBy: string; SearchText: string; PageNumber: number }) => apiCall('GET /api/MailSend/getMailsDraft', { query: q, background: true }),
  /** Sending belongs to the sending domain; the draft page only starts it. */
  send: (MailDraftId: number, Content: string, schedule: { ScheduledAt?: string | null; UseWindow?: boolean; ExcludeInCrm?: boolean } = {}) =>
    apiCall('POST /api/MailSend/sendMails', { body: { MailDraftId, Content, ...schedule } }),
};

export const DRAFT_TOASTS = {
  saved: 'Draft-ul a fost modificat cu succes!',
  companyRemoved: 'Firma a fost ștearsă cu succes din draft!',
  companiesAdded: 'Firmele au fost adăugate cu succes!',
  groupsAdded: 'Grupurile au fost adăugate cu succes!',
  deleted: 'Draft-ul a fost șters cu succes!',
  sent: 'Email-ul a fost trimis cu succes!',
  noCompanies: 'Nu poți trimite email-ul, deoarece nu sunt firme adăugate.',
} as const;

/** The draft page of a draft: /Template-uri/Draft/:draftId/:name */
export function draftPath(id: number, name: string): string {
  return `/Template-uri/Draft/${id}/${slugify(name) || 'draft'}`;
}
