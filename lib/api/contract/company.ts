// The contract of the company endpoints (firme, căutare, CAEN, localități): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { caensForFilterAnswer, collaborationNetworkAnswer, collaborationsAnswer, companiesAnswer, companyCard, customersAnswer, similarCompaniesAnswer, companiesByCaenAnswer, companyDetailsAnswer, companyFacetsAnswer, companyStatusesAnswer, countiesAnswer, detailsByYearAnswer, detailsForGraphAnswer, euProjectsAnswer, graphRowsAnswer, idAnswer, insolvencyByYearAnswer, listAnswer, paged, pagedAnswer, prefecturesAnswer, rankingAnswer, tendersAnswer, topCaensAnswer, topCountiesAnswer, yearSeriesAnswer } from './answers';
import { claimRequestsQuerySchema, claimSchema, updateClaimStatusQuerySchema } from '@/lib/claims/schemas';
import { caenCompaniesParams, caenCompaniesQuery, collaborationNetworkQuery, cuiParams, cuiQuery, customersQuery, graphQuery, listQuery, rankingQuery, similarCompaniesQuery, tenderBody, yearQuery } from '@/lib/company/schemas';
import { caenLookupQuerySchema, countyLookupQuerySchema, lookupQuerySchema, prefectureLookupQuerySchema } from '@/lib/lookups/schemas';
import { companiesQuerySchema, top5QuerySchema } from '@/lib/search/schemas';
import { companiesWithUserContactsSchema } from '@/lib/users/schemas';
import { companyChangesQuerySchema } from '@/lib/watch/schemas';
import { compareExportQuerySchema } from '@/lib/risk/schemas';
import { unknownAnswer } from './answers';

// ── answers (lib/claims/types.ts and lib/users/types.ts derive their types from them) ──
/** One claim request (Status: null pending, true approved, false rejected). */
const claimRequestAnswer = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  CompanyName: z.string(),
  CompanyCUI: z.number().int(),
  Description: z.string().nullable(),
  CreatedDate: z.string(),
  UpdatedDate: z.string().nullable(),
  Status: z.boolean().nullable(),
});

export const companyContract = endpoints({
  'GET /api/Company/getTop5Companies': {
    access: 'public',
    summary: 'Primele 5 firme după cifra de afaceri (pagina de start)',
    query: top5QuerySchema,
    answer: z.array(companyCard),
  },
  'GET /api/Company/getCompanies': {
    developer: 'read',
    access: 'public',
    summary: 'Caută firme după text, CAEN, județ, stare și cifre financiare (paginat)',
    query: companiesQuerySchema,
    answer: companiesAnswer,
  },
  'GET /api/Company/getCompanyFacets': {
    developer: 'read',
    access: 'public',
    summary: 'Numărul de firme pe fiecare valoare a filtrelor unei căutări',
    query: companiesQuerySchema,
    answer: companyFacetsAnswer,
  },
  'GET /api/Company/getCompanyStatuses': {
    developer: 'read',
    access: 'public',
    summary: 'Stările posibile ale unei firme (filtru)',
    query: lookupQuerySchema,
    answer: companyStatusesAnswer,
  },
  'GET /api/CAEN/getCAENsForFilter': {
    developer: 'read',
    access: 'public',
    summary: 'Codurile CAEN pentru filtre, căutate după cod sau denumire',
    query: caenLookupQuerySchema,
    answer: caensForFilterAnswer,
  },
  'GET /api/Location/getCounties': {
    developer: 'read',
    access: 'public',
    summary: 'Județele, căutate după nume',
    query: countyLookupQuerySchema,
    answer: countiesAnswer,
  },
  'GET /api/Location/getPrefectures': {
    developer: 'read',
    access: 'public',
    summary: 'Localitățile unui județ, căutate după nume',
    query: prefectureLookupQuerySchema,
    answer: prefecturesAnswer,
  },
  'GET /api/Company/getCompanyStatistics': {
    access: 'public',
    summary: 'Statistici generale despre firme (pagina de start)',
    answer: listAnswer,
  },
  'GET /api/Company/getCompaniesNumberByDimension': {
    access: 'public',
    summary: 'Numărul de firme pe clase de mărime',
    answer: listAnswer,
  },
  'GET /api/Location/getTopCounties': {
    developer: 'read',
    access: 'public',
    summary: 'Județele cu cele mai multe firme',
    answer: topCountiesAnswer,
  },
  'GET /api/CAEN/getTopCaens': {
    developer: 'read',
    access: 'public',
    summary: 'Codurile CAEN cu cele mai multe firme',
    answer: topCaensAnswer,
  },
  'POST /api/Company/SendCompanyRequest': {
    access: 'user',
    summary: 'Cere revendicarea unei firme',
    body: claimSchema,
    answer: idAnswer,
  },
  'POST /api/Company/getAcqusitions': {
    developer: 'read',
    access: 'public',
    summary: 'Achizițiile publice (licitații) câștigate de o firmă, paginat',
    body: tenderBody,
    answer: tendersAnswer,
  },
  'GET /api/Company/getEuropeanProjects': {
    developer: 'read',
    access: 'public',
    summary: 'Proiectele cu fonduri europene ale unei firme',
    query: listQuery(6),
    answer: euProjectsAnswer,
  },
  'GET /api/Company/getTop10Collaborations': {
    developer: 'read',
    access: 'public',
    summary: 'Primii 10 parteneri din achiziții publice ai unei firme',
    query: collaborationNetworkQuery,
    answer: collaborationNetworkAnswer,
  },
  'GET /api/Company/getCollaborations': {
    developer: 'read',
    access: 'public',
    summary: 'Rețeaua de colaborări a unei firme',
    query: listQuery(8),
    answer: collaborationsAnswer,
  },
  'GET /api/Company/getCompanyRanking': {
    developer: 'read',
    access: 'public',
    summary: 'Clasamentul firmei în CAEN, județ și țară',
    query: rankingQuery,
    answer: rankingAnswer,
  },
  'GET /api/Company/getInsolvencyRanking': {
    developer: 'read',
    access: 'public',
    summary: 'Clasamentul după riscul de insolvență',
    query: rankingQuery,
    answer: rankingAnswer,
  },
  'GET /api/Company/getInsolvencyRiskForGraph/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Riscul de insolvență al firmei, pentru grafic',
    params: cuiParams,
    answer: yearSeriesAnswer,
  },
  // issue 49: the comparison page's figures, scores and limits as a file (at most 5 companies)
  'GET /api/Company/compareExport': {
    access: 'public',
    summary: 'Exportă comparația a cel mult 5 firme (cifre pe ani, indicatori, scor, limită de credit)',
    query: compareExportQuerySchema,
    answer: unknownAnswer,
    answerType: 'text/csv; application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /api/Company/getDetailsForGraphs/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Indicatorii financiari ai firmei pe ani, pentru grafice',
    params: cuiParams,
    answer: graphRowsAnswer,
  },
  'GET /api/Company/getDetailsForGraph/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Un indicator financiar al firmei pe ani',
    params: cuiParams,
    query: graphQuery,
    answer: detailsForGraphAnswer,
  },
  'GET /api/Company/getCompanyStatisticsType': {
    access: 'public',
    summary: 'Statistici ale firmelor pe un tip (CAEN, județ)',
    query: cuiQuery,
    answer: listAnswer,
  },
  'GET /api/Company/getInsolvencyByYear/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Indicatorii de insolvență ai firmei pentru un an',
    params: cuiParams,
    query: yearQuery,
    answer: insolvencyByYearAnswer,
  },
  'GET /api/Company/getDetailsByYear/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Datele financiare ale firmei pentru un an',
    params: cuiParams,
    query: yearQuery,
    answer: detailsByYearAnswer,
  },
  'GET /api/Company/getDetails/[cui]': {
    developer: 'read',
    access: 'public',
    summary: 'Fișa firmei: identificare, adresă, CAEN, stare, ultimele date financiare',
    params: cuiParams,
    answer: companyDetailsAnswer,
  },
  'GET /api/Company/getSimilarCompanies': {
    developer: 'read',
    access: 'public',
    summary: 'Firme asemănătoare (același CAEN și județ)',
    query: similarCompaniesQuery,
    answer: similarCompaniesAnswer,
  },
  'GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]': {
    developer: 'read',
    access: 'public',
    summary: 'Firmele unui cod CAEN',
    params: caenCompaniesParams,
    query: caenCompaniesQuery,
    answer: companiesByCaenAnswer,
  },
  'GET /api/Company/getCompanyForCustomers': {
    access: 'public',
    summary: 'Firmele clienți ai unei firme (din achiziții publice)',
    query: customersQuery,
    answer: customersAnswer,
  },
  'GET /api/Company/getCompapaniesWithUserContacts': {
    access: 'admin',
    summary: 'Firmele cu contacte adăugate de utilizatori (administrator)',
    query: companiesWithUserContactsSchema,
    answer: z.array(z.object({ Cui: z.number().int(), Company: z.string() })),
  },
  'GET /api/Company/GetCompaniesRequests': {
    access: 'admin',
    summary: 'Cererile de revendicare a firmelor (administrator)',
    query: claimRequestsQuerySchema,
    answer: paged(claimRequestAnswer),
  },
  'POST /api/Company/UpdateRequestCompanyStatus': {
    access: 'admin',
    summary: 'Aprobă sau respinge o cerere de revendicare (administrator)',
    query: updateClaimStatusQuerySchema,
    answer: claimRequestAnswer,
  },
  // Official data, public like the rest of the company page.
  'GET /api/Company/getCompanyChanges': {
    developer: 'read',
    access: 'public',
    summary: 'Istoricul schimbărilor oficiale ale unei firme',
    query: companyChangesQuerySchema,
    answer: pagedAnswer,
  },
});
