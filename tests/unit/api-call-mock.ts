// Component tests replace the API transport (apiRequest) with a fake server. apiCall lives in the
// same module as apiRequest (lib/api/client.ts), so replacing apiRequest in a jest.mock factory does
// not reach the calls apiCall makes itself: this builds the typed calls over the fake transport,
// with the real key → address and method mapping, so a test still sees (path, { method, query, body }).
import { endpoint, methodOf } from '@/lib/api/endpoint';
import type { ContractKey } from '@/lib/api/contract';

type Request = (path: string, opts: never) => unknown;

export function callsOver(apiRequest: Request) {
  const apiCall = (key: ContractKey, args: { params?: unknown; query?: unknown; body?: unknown; background?: boolean; signal?: AbortSignal } = {}) => {
    const { params, query, body, ...opts } = args;
    const path = (endpoint as (k: ContractKey, p?: unknown) => string)(key, params);
    return (apiRequest as (p: string, o: object) => unknown)(path, { ...opts, method: methodOf(key), query, body });
  };
  return { apiRequest, apiCall, queryCall: apiCall };
}
