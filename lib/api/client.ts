// The typed API client (issue 29): a call names its contract key; its query, body and path values
// are typed by the key's schemas and its answer by the key's answer schema. It goes through
// apiRequest (lib/api-client.ts), so the token, the one refresh on 401 and the
// PASSWORD_CHANGE_REQUIRED redirect apply as to every other call.
import type { z } from 'zod';
import { apiRequest, type Query, type RequestOptions } from '../api-client';
import type { Contract, ContractKey } from './contract';
import { endpoint, methodOf, type EndpointParams } from './endpoint';

type Part<K extends ContractKey, F extends 'query' | 'body'> = Contract[K] extends { [P in F]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What the endpoint answers, as its contract describes it. */
export type AnswerOf<K extends ContractKey> = z.output<Contract[K]['answer']>;

export type CallArgs<K extends ContractKey> = Omit<RequestOptions, 'method' | 'query' | 'body'> & {
  params?: EndpointParams<K>;
  query?: Part<K, 'query'> extends undefined ? undefined : Query;
  body?: Part<K, 'body'>;
};

export function apiCall<K extends ContractKey>(key: K, args: CallArgs<K> = {}): Promise<AnswerOf<K>> {
  const { params, query, body, ...opts } = args;
  const url = (endpoint as (k: ContractKey, p?: unknown) => string)(key, params);
  return apiRequest<AnswerOf<K>>(url, { ...opts, method: methodOf(key), query: query as Query | undefined, body });
}

/**
 * The call of a key chosen by a generic hook (a paged table, a lookup list): its query is not
 * checked against one key's schema, and the hook narrows the answer by its own key type.
 */
export const queryCall = apiCall as (key: ContractKey, args: Omit<RequestOptions, 'method' | 'query' | 'body'> & { query?: Query }) => Promise<unknown>;
