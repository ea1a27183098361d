// The four exports as the endpoints call them: limits first (docs/decisions/055), then the
// streamed file named after what it holds and when.
import 'server-only';
import type { SearchFilter } from '@/lib/filters';
import type { ExportFormat } from '@/lib/export/schemas';
import type { Actor } from '../auth/actor';
import { reserveExport } from './limits';
import { exportFileName, exportResponse } from './sheet';
import { contactsSheet, groupSheet, searchSheet, sendingSheet, templateResultsSheet } from './sources';

/** Decision 109: `excludeInCrm` leaves out what the actor's CRMs hold. */
type CrmOption = { excludeInCrm?: boolean };

export async function exportSearch(actor: Actor, filter: Partial<SearchFilter>, format: ExportFormat, opts: CrmOption = {}): Promise<Response> {
  const ticket = await reserveExport(actor, 'search');
  return exportResponse({ ...searchSheet(filter, ticket.rows + 1, opts.excludeInCrm ? actor : null), limit: ticket.limit }, format, exportFileName('cautare', format), ticket.done);
}

export async function exportGroup(actor: Actor, groupId: number, format: ExportFormat, opts: CrmOption = {}): Promise<Response> {
  const { sheet, groupName } = await groupSheet(actor, groupId, Number.MAX_SAFE_INTEGER, opts.excludeInCrm === true);
  const ticket = await reserveExport(actor, 'group');
  return exportResponse({ ...sheet, limit: ticket.limit }, format, exportFileName(`grup-${groupName}`, format), ticket.done);
}

export async function exportContacts(actor: Actor, groupId: number | undefined, format: ExportFormat): Promise<Response> {
  const { sheet, what } = await contactsSheet(actor, groupId, Number.MAX_SAFE_INTEGER);
  const ticket = await reserveExport(actor, 'contacts');
  return exportResponse({ ...sheet, limit: ticket.limit }, format, exportFileName(what, format), ticket.done);
}

export async function exportSending(actor: Actor, groupedMailId: number, format: ExportFormat): Promise<Response> {
  const { sheet, subject } = await sendingSheet(actor, groupedMailId, Number.MAX_SAFE_INTEGER);
  const ticket = await reserveExport(actor, 'sending');
  return exportResponse({ ...sheet, limit: ticket.limit }, format, exportFileName(`trimitere-${subject}`, format), ticket.done);
}

/** Issue 28: one row per sending of the template the caller sees, and their total. */
export async function exportTemplateResults(actor: Actor, templateId: number, format: ExportFormat): Promise<Response> {
  const { sheet, templateName } = await templateResultsSheet(actor, templateId);
  const ticket = await reserveExport(actor, 'template');
  return exportResponse({ ...sheet, limit: ticket.limit }, format, exportFileName(`rezultate-template-${templateName}`, format), ticket.done);
}
