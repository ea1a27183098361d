// The browser's calls of the prospecting endpoints (issue 27).
import { apiDownload, type Query, apiCall } from '@/lib/api/client';
import { filterToQuery, type SearchFilter } from '../filters';
import type { ExportFormat } from '../export/schemas';
import type { SetDraftSegmentInput } from './schemas';
import type { AddToGroupResult } from './types';
import { endpoint } from '@/lib/api/endpoint';
import { formatNumber } from '../format';
import { pluralRo } from '../search-count';

/** A search's filter as a query string, without its paging. */
const searchParams = (filter: Partial<SearchFilter>) => {
  const q = filterToQuery(filter);
  q.delete('PageNumber');
  q.delete('PageSize');
  return q;
};

/** The same as query values (a repeated key keeps all its values). */
const searchQuery = (filter: Partial<SearchFilter>): Query => {
  const q = searchParams(filter);
  const out: Query = {};
  for (const key of new Set(q.keys())) {
    const values = q.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
};

export const prospectingApi = {
  // The exports are files, not JSON: apiDownload, with the path from the contract.
  // Decision 109: `excludeInCrm` leaves out the companies the user's CRMs hold (sent only when on).
  exportSearch: (filter: Partial<SearchFilter>, format: ExportFormat, o?: { excludeInCrm: boolean }) =>
    apiDownload(endpoint('GET /api/Export/companies'), { ...searchQuery(filter), format, ...(o?.excludeInCrm ? { excludeInCrm: 'true' } : {}) }),
  exportGroup: (groupId: number, format: ExportFormat, o?: { excludeInCrm: boolean }) =>
    apiDownload(endpoint('GET /api/Export/groupCompanies'), { groupId, format, ...(o?.excludeInCrm ? { excludeInCrm: 'true' } : {}) }),
  exportContacts: (groupId: number | undefined, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/contacts'), { groupId, format }),
  exportSending: (groupedMailId: number, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/sending'), { groupedMailId, format }),
  exportTemplateResults: (templateId: number, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/templateResults'), { templateId, format }),
  addSearchToGroup: (groupId: number, filter: Partial<SearchFilter>) => apiCall('POST /api/Group/addSearchToGroup', { query: { ...searchQuery(filter), groupId } }),
  matchCuiList: (groupId: number, body: { Text?: string; File?: { Name: string; Base64: string } }) => apiCall('POST /api/Group/matchCuiList', { query: { groupId }, body }),
  addCuiList: (groupId: number, Cuis: number[]) => apiCall('POST /api/Group/addCuiList', { query: { groupId }, body: { Cuis } }),
  listSavedSearches: () => apiCall('GET /api/SavedSearch/list', { background: true }),
  addSavedSearch: (Name: string, filter: Partial<SearchFilter>) =>
    apiCall('POST /api/SavedSearch/add', { body: { Name, Query: searchParams(filter).toString() } }),
  renameSavedSearch: (Id: number, Name: string) => apiCall('PUT /api/SavedSearch/rename', { body: { Id, Name } }),
  openSavedSearch: (id: number) => apiCall('POST /api/SavedSearch/open', { query: { id } }),
  deleteSavedSearch: (id: number) => apiCall('DELETE /api/SavedSearch/[id]', { params: { id } }),
  savedSearchNotices: () => apiCall('GET /api/SavedSearch/getNotices', { background: true }),
  markSavedSearchNoticesRead: (Ids?: number[]) => apiCall('PUT /api/SavedSearch/markNoticesRead', { body: Ids ? { Ids } : {} }),
  setDraftSegment: (body: SetDraftSegmentInput) => apiCall('PUT /api/MailSend/setDraftSegment', { body }),
};

/** "4 companii adăugate; 1 era deja în grup." */
export function addedMessage(r: AddToGroupResult): string {
  const parts = [`${pluralRo(r.Added, 'companie adăugată', 'companii adăugate')} în grup`];
  // "de" goes before a noun, not a verb: '20 erau deja acolo'.
  if (r.AlreadyInGroup > 0) parts.push(`${formatNumber(r.AlreadyInGroup)} ${r.AlreadyInGroup === 1 ? 'era' : 'erau'} deja acolo`);
  if (r.Capped) parts.push('lista a fost oprită la limita unei adăugări');
  return `${parts.join('; ')}.`;
}
