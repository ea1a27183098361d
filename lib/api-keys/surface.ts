// The public surface of the API (docs/decisions/067): the endpoints a key may call, each under
// /api/v1/<the same path as /api/…>. "read" entries need only the default scope; "write" entries
// need the key's write scope. Anything else answers 403 to a key. Changing a page's own endpoint
// must not change this list's paths: a renamed endpoint keeps its v1 path here (decision 067).
import type { ApiKeyScope } from './schemas';

export const PUBLIC_API_SURFACE = {
  // companies and search
  'GET /api/Company/getCompanies': 'read',
  'GET /api/Company/getCompanyFacets': 'read',
  'GET /api/Company/getCompanyStatuses': 'read',
  'GET /api/Company/getDetails/[cui]': 'read',
  'GET /api/Company/getSimilarCompanies': 'read',
  'GET /api/Company/getCompanyChanges': 'read',
  'GET /api/Company/getCollaborations': 'read',
  'GET /api/Company/getTop10Collaborations': 'read',
  'GET /api/Location/getCounties': 'read',
  'GET /api/Location/getPrefectures': 'read',
  // CAEN
  'GET /api/CAEN/getCAENsForFilter': 'read',
  'GET /api/CAEN/getTopCaens': 'read',
  'GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]': 'read',
  // financials
  'GET /api/Company/getDetailsByYear/[cui]': 'read',
  'GET /api/Company/getDetailsForGraphs/[cui]': 'read',
  'GET /api/Company/getDetailsForGraph/[cui]': 'read',
  'GET /api/Company/getInsolvencyByYear/[cui]': 'read',
  'GET /api/Company/getInsolvencyRiskForGraph/[cui]': 'read',
  // tenders: a read, though the spec made it a POST (its filter is the body)
  'POST /api/Company/getAcqusitions': 'read',
  // EU projects
  'GET /api/Company/getEuropeanProjects': 'read',
  // the owner's groups
  'GET /api/Group/getGroups': 'read',
  'GET /api/Group/get': 'read',
  'GET /api/Group/getCompanyGroups': 'read',
  'GET /api/Group/getGroupsForCompany': 'read',
  // changes to the owner's groups (write scope)
  'POST /api/Group/add': 'write',
  'PUT /api/Group/updateOrAddCompanyToGroup': 'write',
  'DELETE /api/Group/deleteCompanyFromItsGroup': 'write',
  'POST /api/Group/addComapaniesToGroup': 'write',
  'DELETE /api/Group/deleteCompanyFromGroup': 'write',
} as const satisfies Record<string, ApiKeyScope>;

export type PublicApiEndpoint = keyof typeof PUBLIC_API_SURFACE;
export const PUBLIC_API_ENDPOINTS = Object.keys(PUBLIC_API_SURFACE) as PublicApiEndpoint[];

export const V1_PREFIX = '/api/v1';

/** '/api/Company/getDetails/[cui]' → '/api/v1/Company/getDetails/[cui]'. */
export const v1Path = (apiPath: string) => `${V1_PREFIX}${apiPath.slice('/api'.length)}`;

/** The scope an endpoint key needs, or null when keys may not call it. */
export function scopeNeeded(endpoint: string): ApiKeyScope | null {
  return Object.prototype.hasOwnProperty.call(PUBLIC_API_SURFACE, endpoint) ? PUBLIC_API_SURFACE[endpoint as PublicApiEndpoint] : null;
}

/** The offered endpoint whose template matches a method and an /api/… path, with its params. */
export function matchOffered(method: string, apiPath: string): { endpoint: PublicApiEndpoint; params: Record<string, string> } | null {
  const parts = apiPath.split('/').filter(Boolean);
  for (const endpoint of PUBLIC_API_ENDPOINTS) {
    const [m, template] = endpoint.split(' ');
    if (m !== method) continue;
    const tparts = template.split('/').filter(Boolean);
    if (tparts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = tparts.every((t, i) => {
      const name = /^\[(\w+)\]$/.exec(t)?.[1];
      if (name) {
        params[name] = parts[i];
        return parts[i].length > 0;
      }
      return t === parts[i];
    });
    if (ok) return { endpoint, params };
  }
  return null;
}

/** Whether some method of the surface answers this path (a 405 rather than a 404 otherwise). */
export const offeredMethods = (apiPath: string): string[] =>
  ['GET', 'POST', 'PUT', 'DELETE'].filter((m) => matchOffered(m, apiPath) !== null);
