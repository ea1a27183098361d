// The browser's calls of the template endpoints (paths and payloads as documented).
import { api, ApiError } from '../api-client';
import { slugify } from '../slug';
import type { MailTemplateDetails, MailTemplateListItem, MailTemplateSaved, Paged } from './types';
import type { MergeValues } from './merge';
import type { DeletedItem } from '../shared/restore';
import { endpoint } from '@/lib/api/endpoint';

export type TemplateBody = { Id?: number; Name: string; Description: string; Content: string; Tags: string[] };

export const templatesApi = {
  list: (q: { OrderBy: string; SearchText: string; PageNumber: number }) =>
    api.get<Paged<MailTemplateListItem>>(endpoint('GET /api/MailTemplate/getPagedMailTemplate'), q, { background: true }),
  get: (id: number) => api.get<MailTemplateDetails>(endpoint('GET /api/MailTemplate/get'), { id }, { background: true }),
  add: (body: TemplateBody) => api.post<MailTemplateSaved>(endpoint('POST /api/MailTemplate/Add'), body),
  edit: (body: TemplateBody & { Id: number }) => api.put<MailTemplateSaved>(endpoint('PUT /api/MailTemplate/Edit'), body),
  remove: (id: number) => api.put(`${endpoint('PUT /api/MailTemplate/virtualDelete')}?id=${id}`),
  tags: () => api.get<string[]>(endpoint('GET /api/MailTemplate/getTags'), undefined, { background: true }),
  // Ours (docs/decisions/042): the author's templates deleted in the last 30 days, and their restore.
  deleted: (PageNumber = 1) => api.get<Paged<DeletedItem>>(endpoint('GET /api/MailTemplate/getDeletedMailTemplates'), { PageNumber }, { background: true }),
  restore: (id: number) => api.put<{ Id: number; Name: string }>(`${endpoint('PUT /api/MailTemplate/restore')}?id=${id}`),
  preview: (Content: string, Cui: number | null) =>
    api.post<{ Html: string; Text: string; Values: MergeValues }>(endpoint('POST /api/MailTemplate/preview'), { Content, Cui }),
};

/** The server's Romanian message when it sent one (validation, not found), else null. */
export function serverMessage(e: unknown): string | null {
  return e instanceof ApiError && e.status < 500 ? (e.body?.Message ?? null) : null;
}

/** The text of an error toast: the server's message, else (undefined) the toaster's default. */
export const errorToastText = (e: unknown): string | undefined => serverMessage(e) ?? undefined;

export const TEMPLATE_TOASTS = {
  added: 'Template-ul a fost adăugat',
  saved: 'Template-ul a fost modificat cu succes!',
  deleted: 'Template-ul a fost șters cu succes!',
  restored: 'Template-ul a fost restaurat cu succes!',
  draftCreated: 'Draft-ul a fost creat',
} as const;

/** /Template-uri/Editare/:templateId/:templateName */
export function templateEditPath(id: number, name: string): string {
  return `/Template-uri/Editare/${id}/${slugify(name) || 'template'}`;
}
