// The handlers behind /api/v1 (docs/decisions/067): each offered endpoint of lib/api-keys/surface.ts
// is the same route handler as its /api/… twin, loaded on first use. `satisfies` makes a surface
// entry without a handler (or a handler of an endpoint not offered) a type error.
import type { PublicApiEndpoint } from '@/lib/api-keys/surface';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Loader = () => Promise<Handler>;

export const OFFERED_HANDLERS = {
  'GET /api/Company/getCompanies': () => import('@/app/api/Company/getCompanies/route').then((m) => m.GET),
  'GET /api/Company/getCompanyFacets': () => import('@/app/api/Company/getCompanyFacets/route').then((m) => m.GET),
  'GET /api/Company/getCompanyStatuses': () => import('@/app/api/Company/getCompanyStatuses/route').then((m) => m.GET),
  'GET /api/Company/getDetails/[cui]': () => import('@/app/api/Company/getDetails/[cui]/route').then((m) => m.GET),
  'GET /api/Company/getSimilarCompanies': () => import('@/app/api/Company/getSimilarCompanies/route').then((m) => m.GET),
  'GET /api/Company/getCompanyChanges': () => import('@/app/api/Company/getCompanyChanges/route').then((m) => m.GET),
  'GET /api/Company/getCollaborations': () => import('@/app/api/Company/getCollaborations/route').then((m) => m.GET),
  'GET /api/Company/getTop10Collaborations': () => import('@/app/api/Company/getTop10Collaborations/route').then((m) => m.GET),
  'GET /api/Location/getTopCounties': () => import('@/app/api/Location/getTopCounties/route').then((m) => m.GET),
  'GET /api/Company/getCompanyRanking': () => import('@/app/api/Company/getCompanyRanking/route').then((m) => m.GET),
  'GET /api/Company/getInsolvencyRanking': () => import('@/app/api/Company/getInsolvencyRanking/route').then((m) => m.GET),
  'GET /api/Location/getCounties': () => import('@/app/api/Location/getCounties/route').then((m) => m.GET),
  'GET /api/Location/getPrefectures': () => import('@/app/api/Location/getPrefectures/route').then((m) => m.GET),
  'GET /api/CAEN/getCAENsForFilter': () => import('@/app/api/CAEN/getCAENsForFilter/route').then((m) => m.GET),
  'GET /api/CAEN/getTopCaens': () => import('@/app/api/CAEN/getTopCaens/route').then((m) => m.GET),
  'GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]': () => import('@/app/api/Company/getCompanyByCaen/[caenCode]/[pageSize]/route').then((m) => m.GET),
  'GET /api/Company/getDetailsByYear/[cui]': () => import('@/app/api/Company/getDetailsByYear/[cui]/route').then((m) => m.GET),
  'GET /api/Company/getDetailsForGraphs/[cui]': () => import('@/app/api/Company/getDetailsForGraphs/[cui]/route').then((m) => m.GET),
  'GET /api/Company/getDetailsForGraph/[cui]': () => import('@/app/api/Company/getDetailsForGraph/[cui]/route').then((m) => m.GET),
  'GET /api/Company/getInsolvencyByYear/[cui]': () => import('@/app/api/Company/getInsolvencyByYear/[cui]/route').then((m) => m.GET),
  'GET /api/Company/getInsolvencyRiskForGraph/[cui]': () => import('@/app/api/Company/getInsolvencyRiskForGraph/[cui]/route').then((m) => m.GET),
  'POST /api/Company/getAcqusitions': () => import('@/app/api/Company/getAcqusitions/route').then((m) => m.POST),
  'GET /api/Company/getEuropeanProjects': () => import('@/app/api/Company/getEuropeanProjects/route').then((m) => m.GET),
  'GET /api/Group/getGroups': () => import('@/app/api/Group/getGroups/route').then((m) => m.GET),
  'GET /api/Group/get': () => import('@/app/api/Group/get/route').then((m) => m.GET),
  'GET /api/Group/getCompanyGroups': () => import('@/app/api/Group/getCompanyGroups/route').then((m) => m.GET),
  'GET /api/Group/getGroupsForCompany': () => import('@/app/api/Group/getGroupsForCompany/route').then((m) => m.GET),
  'POST /api/Group/add': () => import('@/app/api/Group/add/route').then((m) => m.POST),
  'PUT /api/Group/updateOrAddCompanyToGroup': () => import('@/app/api/Group/updateOrAddCompanyToGroup/route').then((m) => m.PUT),
  'DELETE /api/Group/deleteCompanyFromItsGroup': () => import('@/app/api/Group/deleteCompanyFromItsGroup/route').then((m) => m.DELETE),
  'POST /api/Group/addComapaniesToGroup': () => import('@/app/api/Group/addComapaniesToGroup/route').then((m) => m.POST),
  'DELETE /api/Group/deleteCompanyFromGroup': () => import('@/app/api/Group/deleteCompanyFromGroup/route').then((m) => m.DELETE),
  // fiscal checks (issue 48)
  'GET /api/Fiscal/getFiscalCheck': () => import('@/app/api/Fiscal/getFiscalCheck/route').then((m) => m.GET),
  'POST /api/Fiscal/createBulkCheck': () => import('@/app/api/Fiscal/createBulkCheck/route').then((m) => m.POST),
  'POST /api/Fiscal/createBulkCheckFromSearch': () => import('@/app/api/Fiscal/createBulkCheckFromSearch/route').then((m) => m.POST),
  'GET /api/Fiscal/getBulkCheck': () => import('@/app/api/Fiscal/getBulkCheck/route').then((m) => m.GET),
  'GET /api/Fiscal/getBulkCheckReport': () => import('@/app/api/Fiscal/getBulkCheckReport/route').then((m) => m.GET),
} as const satisfies Record<PublicApiEndpoint, Loader>;
