'use client';

import { showErrorToast } from '@/components/layout/toaster';
import type { AnswerOf, CallArgs } from '@/lib/api/client';
import type { ContractKey } from '@/lib/api/contract';
import { endpoint, methodOf } from '@/lib/api/endpoint';

/**
 * JSON call to the documented API. On failure: the generic error toast and a rejected
 * promise, so callers only switch their loaders off. An aborted request rejects silently.
 */
export async function fetchJson<T>(url: string, init?: RequestInit & { json?: unknown }): Promise<T> {
  const { json, ...rest } = init ?? {};
  try {
    const res = await fetch(url, {
      ...rest,
      method: rest.method ?? (json !== undefined ? 'POST' : 'GET'),
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as T;
  } catch (e) {
    if ((e as { name?: string })?.name !== 'AbortError') showErrorToast();
    throw e;
  }
}

export function qs(params: Record<string, string | number | boolean | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v != null && v !== '') p.set(k, String(v));
  return p.toString();
}

/** The input of a public call: path values and body as the contract types them; query values as qs() sends them. */
export type PublicArgs<K extends ContractKey> = Pick<CallArgs<K>, 'params' | 'body'> & { query?: Parameters<typeof qs>[0] };

/**
 * A call of a public endpoint named by its contract key, answered as the contract describes it.
 * Sent without the session (fetchJson), so the answer is the one the CDN may cache; empty query
 * values are left out (qs).
 */
export function publicCall<K extends ContractKey>(key: K, args: PublicArgs<K> = {}, signal?: AbortSignal): Promise<AnswerOf<K>> {
  const path = (endpoint as (k: ContractKey, p?: unknown) => string)(key, args.params);
  const query = args.query ? qs(args.query) : '';
  return fetchJson<AnswerOf<K>>(query ? `${path}?${query}` : path, { method: methodOf(key), json: args.body, signal });
}
