'use client';

import * as React from 'react';
import type { AnswerOf } from '@/lib/api/client';
import type { ContractKey } from '@/lib/api/contract';
import { publicCall, type PublicArgs } from './fetch-json';

/**
 * Loads a public endpoint's answer (named by its contract key, typed by its contract) and reloads
 * whenever the request changes (null args = nothing to load). `data` keeps the last answer while
 * the next one loads, so tables do not jump; `loading` is true until the answer for the current
 * request arrives. Failures show the generic toast (fetchJson).
 */
export function useJson<K extends ContractKey>(
  endpointKey: K,
  args: PublicArgs<K> | null,
  reloadKey: unknown = 0,
): { data: AnswerOf<K> | undefined; loading: boolean; failed: boolean } {
  const key = args ? JSON.stringify([endpointKey, args, reloadKey]) : null;
  const [state, setState] = React.useState<{ key: string | null; data?: AnswerOf<K>; failed: boolean }>({ key: null, failed: false });
  React.useEffect(() => {
    if (key == null) return;
    const [k, a] = JSON.parse(key) as [K, PublicArgs<K>];
    const ctrl = new AbortController();
    publicCall(k, a, ctrl.signal).then(
      (data) => setState({ key, data, failed: false }),
      () => {
        if (!ctrl.signal.aborted) setState((s) => ({ key, data: s.data, failed: true }));
      },
    );
    return () => ctrl.abort();
  }, [key]);
  return { data: state.data, loading: key != null && state.key !== key, failed: state.key === key && state.failed };
}
