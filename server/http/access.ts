// Who may call each endpoint, derived from the contract table (lib/api/contract, decision 068):
// keys are "METHOD /api/<path>" with dynamic segments written as in the app/api folder names. A
// test fails when a route under app/api has no contract, and apiRoute() refuses to build a handler
// for an undeclared key.
import 'server-only';
import { CONTRACT, type Access, type Contract, type ContractKey } from '@/lib/api/contract';

export type { Access };

export const ACCESS = Object.fromEntries(Object.entries(CONTRACT).map(([key, e]) => [key, e.access])) as {
  readonly [K in ContractKey]: Contract[K]['access'];
};

export type ApiKey = ContractKey;
