// The contract of the prospecting endpoints (exporturi și căutări salvate): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { idAnswer, noContentAnswer, unknownAnswer, updatedAnswer } from './answers';
import { ORDER_BY, RISK_BAND_CODES } from '@/lib/filters';
import { exportContactsQuerySchema, exportGroupQuerySchema, exportSearchQuerySchema, exportSendingQuerySchema, exportTemplateResultsQuerySchema } from '@/lib/export/schemas';
import { addSavedSearchSchema, markSavedSearchNoticesSchema, renameSavedSearchSchema, savedSearchIdSchema } from '@/lib/prospecting/schemas';

// ── answers (lib/prospecting/schemas.ts derives its types from them) ──
const nullableNumber = z.number().nullable();
const nullableInt = z.number().int().nullable();
/** A saved search's filter: the fields of a search (lib/filters.ts SearchFilter) it sets. */
const searchFilterAnswer = z
  .object({
    SearchText: z.string(),
    OrderBy: z.enum(ORDER_BY),
    PageNumber: z.number().int(),
    PageSize: z.number().int(),
    MinEmployees: nullableNumber,
    MaxEmployees: nullableNumber,
    MinTurnover: nullableNumber,
    MaxTurnover: nullableNumber,
    MinProfit: nullableNumber,
    MaxProfit: nullableNumber,
    CaenCode: z.string().nullable(),
    CountyId: nullableInt,
    PrefectureId: nullableInt,
    StatusCode: nullableInt,
    HasEmail: z.boolean().nullable(),
    HasPhone: z.boolean().nullable(),
    HasInsolvencyRisk: z.boolean().nullable(),
    HasEuropeanProjects: z.boolean().nullable(),
    HasBids: z.boolean().nullable(),
    IsVatPayer: z.boolean().nullable(),
    IsInactive: z.boolean().nullable(),
    HasEFactura: z.boolean().nullable(),
    HasTaxArrears: z.boolean().nullable(),
    RiskBand: z.enum(RISK_BAND_CODES).nullable(),
  })
  .partial();
const savedSearchAnswer = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Filter: searchFilterAnswer,
  MatchCount: z.number().int(),
  NewCount: z.number().int(),
  IsCountCapped: z.boolean(),
  LastOpenedAt: z.string(),
  CreatedAt: z.string(),
});

export const prospectingContract = endpoints({
  // Prospecting (issue 27; docs/decisions/055, 056): exports (signed in only: anonymous visitors
  // export nothing), adding a whole search or a CUI list to a group, saved searches.
  'GET /api/Export/companies': {
    access: 'user',
    summary: 'Exportă rezultatele unei căutări (CSV sau XLSX)',
    query: exportSearchQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /api/Export/groupCompanies': {
    access: 'user',
    summary: 'Exportă firmele unui grup',
    query: exportGroupQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /api/Export/contacts': {
    access: 'user',
    summary: 'Exportă contactele',
    query: exportContactsQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /api/Export/sending': {
    access: 'user',
    summary: 'Exportă rezultatele unei trimiteri',
    query: exportSendingQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  // issue 28: a template's rates across its sendings (the results view's rule)
  'GET /api/Export/templateResults': {
    access: 'user',
    summary: 'Exportă ratele unui template pe trimiterile lui',
    query: exportTemplateResultsQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /api/SavedSearch/list': {
    access: 'user',
    summary: 'Căutările salvate ale utilizatorului',
    answer: z.array(savedSearchAnswer),
  },
  'POST /api/SavedSearch/add': {
    access: 'user',
    summary: 'Salvează o căutare',
    body: addSavedSearchSchema,
    answer: idAnswer,
  },
  'PUT /api/SavedSearch/rename': {
    access: 'user',
    summary: 'Redenumește o căutare salvată',
    body: renameSavedSearchSchema,
    answer: noContentAnswer,
  },
  'POST /api/SavedSearch/open': {
    access: 'user',
    summary: 'Deschide o căutare salvată (marchează noutățile văzute)',
    query: savedSearchIdSchema,
    answer: z.object({ Filter: searchFilterAnswer }),
  },
  // Decision 117: a saved search's new matches as an in-app notice (owners without a webhook for them).
  'GET /api/SavedSearch/getNotices': {
    access: 'user',
    summary: 'Firmele noi găsite de căutările salvate (notificările din aplicație)',
    answer: z.array(
      z.object({ Id: z.number().int(), SavedSearchId: z.number().int(), Name: z.string(), NewCount: z.number().int(), Cuis: z.array(z.number().int()), CreatedAt: z.string(), ReadAt: z.string().nullable() }),
    ),
  },
  'PUT /api/SavedSearch/markNoticesRead': {
    access: 'user',
    summary: 'Marchează ca citite notificările căutărilor salvate (toate, fără Ids)',
    body: markSavedSearchNoticesSchema,
    answer: updatedAnswer,
  },
  'DELETE /api/SavedSearch/[id]': {
    access: 'user',
    summary: 'Șterge o căutare salvată',
    params: savedSearchIdSchema,
    answer: noContentAnswer,
  },
});
