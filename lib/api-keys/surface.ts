// The public surface of the API (docs/decisions/067): the endpoints a key may call, each under
// /api/v1/<the same path as /api/…>, marked `developer: 'read' | 'write'` in the contract table.
// "read" entries need only the default scope; "write" entries need the key's write scope. Anything
// else answers 403 to a key. Changing a page's own endpoint must not change these paths: a renamed
// endpoint keeps its v1 path (decision 067).
import type { ApiKeyScope } from './schemas';
import { CONTRACT, type Contract, type ContractKey, type Endpoint } from '../api/contract';

/** The offered endpoints: the contract entries marked `developer` (lib/api/contract), one source. */
export type PublicApiEndpoint = { [K in ContractKey]: Contract[K] extends { developer: ApiKeyScope } ? K : never }[ContractKey];

export const PUBLIC_API_SURFACE = Object.fromEntries(
  Object.entries(CONTRACT as Record<string, Endpoint>).flatMap(([key, e]) => (e.developer ? [[key, e.developer]] : [])),
) as Record<PublicApiEndpoint, ApiKeyScope>;

export const PUBLIC_API_ENDPOINTS = Object.keys(PUBLIC_API_SURFACE) as PublicApiEndpoint[];

const API_ROOT = '/api';
/** The stable prefix: the API root and the version. */
export const V1_PREFIX = `${API_ROOT}/v1`;

/** /api/Company/getDetails/[cui] → /api/v1/Company/getDetails/[cui]. */
export const v1Path = (apiPath: string) => `${V1_PREFIX}${apiPath.slice(API_ROOT.length)}`;

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
