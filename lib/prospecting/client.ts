// The browser's calls of the prospecting endpoints (issue 27).
import { api, apiDownload } from '../api-client';
import { filterToQuery, type SearchFilter } from '../filters';
import type { ExportFormat } from '../export/schemas';
import type { AddToGroupResult, CuiListPreview, DraftSegmentCount, SavedSearchItem, SetDraftSegmentInput } from './schemas';
import { endpoint } from '@/lib/api/endpoint';

const searchQuery = (filter: Partial<SearchFilter>) => {
  const q = filterToQuery(filter);
  q.delete('PageNumber');
  q.delete('PageSize');
  return q;
};

export const prospectingApi = {
  exportSearch: (filter: Partial<SearchFilter>, format: ExportFormat) => apiDownload(`${endpoint('GET /api/Export/companies')}?${searchQuery(filter)}`, { format }),
  exportGroup: (groupId: number, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/groupCompanies'), { groupId, format }),
  exportContacts: (groupId: number | undefined, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/contacts'), { groupId, format }),
  exportSending: (groupedMailId: number, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/sending'), { groupedMailId, format }),
  exportTemplateResults: (templateId: number, format: ExportFormat) => apiDownload(endpoint('GET /api/Export/templateResults'), { templateId, format }),
  addSearchToGroup: (groupId: number, filter: Partial<SearchFilter>) => {
    const q = searchQuery(filter);
    q.set('groupId', String(groupId));
    return api.post<AddToGroupResult>(`${endpoint('POST /api/Group/addSearchToGroup')}?${q}`);
  },
  matchCuiList: (groupId: number, body: { Text?: string; File?: { Name: string; Base64: string } }) =>
    api.post<CuiListPreview>(`${endpoint('POST /api/Group/matchCuiList')}?groupId=${groupId}`, body),
  addCuiList: (groupId: number, Cuis: number[]) => api.post<AddToGroupResult>(`${endpoint('POST /api/Group/addCuiList')}?groupId=${groupId}`, { Cuis }),
  listSavedSearches: () => api.get<SavedSearchItem[]>(endpoint('GET /api/SavedSearch/list'), undefined, { background: true }),
  addSavedSearch: (Name: string, filter: Partial<SearchFilter>) => api.post<{ Id: number }>(endpoint('POST /api/SavedSearch/add'), { Name, Query: searchQuery(filter).toString() }),
  renameSavedSearch: (Id: number, Name: string) => api.put(endpoint('PUT /api/SavedSearch/rename'), { Id, Name }),
  openSavedSearch: (id: number) => api.post<{ Filter: Partial<SearchFilter> }>(`${endpoint('POST /api/SavedSearch/open')}?id=${id}`),
  deleteSavedSearch: (id: number) => api.delete(endpoint('DELETE /api/SavedSearch/[id]', { id })),
  setDraftSegment: (body: SetDraftSegmentInput) => api.put<DraftSegmentCount>(endpoint('PUT /api/MailSend/setDraftSegment'), body),
};

/** "4 companii adăugate; 1 era deja în grup." */
export function addedMessage(r: AddToGroupResult): string {
  const n = (x: number, one: string, many: string) => (x === 1 ? `1 ${one}` : `${x.toLocaleString('ro-RO')} ${x !== 0 && (x % 100 === 0 || x % 100 >= 20) ? 'de ' : ''}${many}`);
  const parts = [`${n(r.Added, 'companie adăugată', 'companii adăugate')} în grup`];
  if (r.AlreadyInGroup > 0) parts.push(`${n(r.AlreadyInGroup, 'era deja', 'erau deja')} acolo`);
  if (r.Capped) parts.push('lista a fost oprită la limita unei adăugări');
  return `${parts.join('; ')}.`;
}
