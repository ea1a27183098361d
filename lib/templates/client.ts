// The browser's calls of the template endpoints (paths and payloads as documented).
import { ApiError, apiCall } from '@/lib/api/client';
import { slugify } from '../slug';

export type TemplateBody = { Id?: number; Name: string; Description: string; Content: string; Tags: string[] };

export const templatesApi = {
  list: (q: { OrderBy: string; SearchText: string; PageNumber: number }) => apiCall('GET /api/MailTemplate/getPagedMailTemplate', { query: q, background: true }),
  get: (id: number) => apiCall('GET /api/MailTemplate/get', { query: { id }, background: true }),
  add: (body: TemplateBody) => apiCall('POST /api/MailTemplate/Add', { body }),
  edit: (body: TemplateBody & { Id: number }) => apiCall('PUT /api/MailTemplate/Edit', { body }),
  remove: (id: number) => apiCall('PUT /api/MailTemplate/virtualDelete', { query: { id } }),
  tags: () => apiCall('GET /api/MailTemplate/getTags', { background: true }),
  // Ours (docs/decisions/042): the author's templates deleted in the last 30 days, and their restore.
  deleted: (PageNumber = 1) => apiCall('GET /api/MailTemplate/getDeletedMailTemplates', { query: { PageNumber }, background: true }),
  restore: (id: number) => apiCall('PUT /api/MailTemplate/restore', { query: { id } }),
  preview: (Content: string, Cui: number | null) => apiCall('POST /api/MailTemplate/preview', { body: { Content, Cui } }),
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
