// The browser's calls of the draft endpoints (paths and payloads as documented) and of sending.
import { api } from '../api-client';
import { slugify } from '../slug';
import type { Paged } from '../templates/types';
import type { DraftCompany, DraftGroups, DraftListItem, MailDraftDetails } from './types';
import { endpoint } from '@/lib/api/endpoint';

export const draftsApi = {
  create: (body: { MailTemplateId: number; CompanyIds: number[]; GroupIds: number[] }) => api.post<number>(endpoint('POST /api/MailSend/createDraftMail'), body),
  get: (groupedMailSendId: number) => api.get<MailDraftDetails>(endpoint('GET /api/MailSend/getMailDraft'), { groupedMailSendId }, { background: true }),
  edit: (body: { Id: number; Name?: string; Description?: string; Content?: string; CompanyIds: number[]; GroupIds: number[] }) =>
    api.put(endpoint('PUT /api/MailSend/editDraft'), body),
  companies: (q: { GroupedMailId: number; OrderBy: string; SearchText: string; PageNumber: number; GroupId?: number | null }) =>
    api.get<Paged<DraftCompany>>(endpoint('GET /api/MailSend/getCompaniesMail'), q, { background: true }),
  groups: (groupedMailId: number) => api.get<DraftGroups>(endpoint('GET /api/MailSend/getDraftGroups'), { groupedMailId }, { background: true }),
  removeCompany: (id: number) => api.delete(endpoint('DELETE /api/MailSend/deleteMailSend'), { id }),
  remove: (id: number) => api.delete(endpoint('DELETE /api/MailSend/delete'), { id }),
  list: (q: { OrderBy: string; SearchText: string; PageNumber: number }) => api.get<Paged<DraftListItem>>(endpoint('GET /api/MailSend/getMailsDraft'), q, { background: true }),
  /** Sending belongs to the sending domain; the draft page only starts it. */
  send: (MailDraftId: number, Content: string, schedule: { ScheduledAt?: string | null; UseWindow?: boolean } = {}) =>
    api.post(endpoint('POST /api/MailSend/sendMails'), { MailDraftId, Content, ...schedule }),
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
