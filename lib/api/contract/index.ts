// THE CONTRACT TABLE: every documented endpoint ("METHOD /api/<path>", dynamic segments as in the
// app/api folder names) with its access, its input schemas, its answer schema and its summary.
// Client-safe: the browser client and the OpenAPI document read it as the route wrapper does.
// A test fails when a route file exists without a contract or a contract without a route file.
import { adminContract } from './admin';
import { apiKeysContract } from './api-keys';
import { authContract } from './auth';
import { companyContract } from './company';
import { contactsContract } from './contacts';
import { fiscalContract } from './fiscal';
import { crmContract } from './crm';
import { groupsContract } from './groups';
import { mailContract } from './mail';
import { opsContract } from './ops';
import { prospectingContract } from './prospecting';
import { watchContract } from './watch';
import { webhooksContract } from './webhooks';
import type { Endpoint, HttpMethod } from './types';

export type { Access, Endpoint, HttpMethod } from './types';

export const CONTRACT = {
  ...companyContract,
  ...authContract,
  ...contactsContract,
  ...groupsContract,
  ...watchContract,
  ...mailContract,
  ...adminContract,
  ...prospectingContract,
  ...opsContract,
  ...apiKeysContract,
  ...fiscalContract,
  ...webhooksContract,
  ...crmContract,
};

export type Contract = typeof CONTRACT;
export type ContractKey = keyof Contract;

/** "GET /api/Group/get" → its method and path. */
function splitKey(key: string): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** The table as a list, each entry with its key, method and path. */
export function contractEntries(): Array<Endpoint & { key: ContractKey; method: HttpMethod; path: string }> {
  return (Object.keys(CONTRACT) as ContractKey[]).map((key) => ({ ...(CONTRACT[key] as Endpoint), key, ...splitKey(key) }));
}
