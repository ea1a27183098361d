// Requests of the prospecting endpoints (issue 27): a whole search or a CUI list into a group,
// saved searches. The forms parse the same schemas.
import { z } from 'zod';
import { companiesQuerySchema } from '../search/schemas';
import { dbId, dbIdNumber, requiredString } from '../shared/schemas';

/** POST /api/Group/addSearchToGroup?groupId&<the search's filter> */
export const addSearchQuerySchema = companiesQuerySchema.extend({ groupId: dbId() });

/** An uploaded list: the file's name (its extension says how to read it) and its bytes in base64. */
export const CUI_LIST_MAX_FILE_BYTES = 5_000_000;
const uploadSchema = z.object({
  Name: z.string().trim().min(1).max(200),
  Base64: z.string().max(Math.ceil((CUI_LIST_MAX_FILE_BYTES * 4) / 3) + 4, { error: 'Fișierul este prea mare (cel mult 5 MB).' }),
});

/** POST /api/Group/matchCuiList?groupId: pasted text or an uploaded file (CSV, XLSX, TXT). */
export const matchCuiListBodySchema = z
  .object({ Text: z.string().max(2_000_000, { error: 'Lista este prea lungă.' }).optional(), File: uploadSchema.optional() })
  .refine((b) => (b.Text?.trim() ?? '') !== '' || b.File !== undefined, { error: 'Lipiți o listă de CUI-uri sau alegeți un fișier.', path: ['Text'] });

/** POST /api/Group/addCuiList?groupId: the found CUIs of the preview. */
export const addCuiListBodySchema = z.object({
  Cuis: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1, { error: 'Nu există companii de adăugat.' }).max(100_000),
});

/** The paste form on the group page. */
export const cuiListFormSchema = z.object({ Text: z.string().max(2_000_000, { error: 'Lista este prea lungă.' }) });

/** PUT /api/MailSend/setDraftSegment: the draft also targets a saved search (null: none). */
export const setDraftSegmentSchema = z.object({ DraftId: dbId(), SavedSearchId: dbId().nullable() });
export type SetDraftSegmentInput = z.infer<typeof setDraftSegmentSchema>;

const SAVED_SEARCH_NAME_MAX = 100;
const savedSearchName = () => requiredString({ min: 1, max: SAVED_SEARCH_NAME_MAX });

/** POST /api/SavedSearch/add: the name and the search page's query string. */
export const addSavedSearchSchema = z.object({ Name: savedSearchName(), Query: z.string().max(4000) });
export const savedSearchNameFormSchema = z.object({ Name: savedSearchName() });
/** PUT /api/SavedSearch/rename */
export const renameSavedSearchSchema = z.object({ Id: dbId(), Name: savedSearchName() });
export const savedSearchIdSchema = z.object({ id: dbId() });

/** What a search filter is saved as: the search query's own parse, without paging. */
export const savedFilterSchema = companiesQuerySchema.omit({ PageNumber: true, PageSize: true });

/** PUT /api/SavedSearch/markNoticesRead (decision 117): these notices, or all when Ids is absent. */
export const markSavedSearchNoticesSchema = z.object({ Ids: z.array(dbIdNumber()).max(100, { error: 'Cel mult 100 de notificări.' }).optional() });
/** A saved search's new matches, as the notifications page lists them (decision 117). */
export type SavedSearchNoticeItem = { Id: number; SavedSearchId: number; Name: string; NewCount: number; Cuis: number[]; CreatedAt: string; ReadAt: string | null };
