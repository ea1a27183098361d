'use client';

import * as React from 'react';
import { fetchJson } from './fetch-json';

type JsonRequest = { url: string; json?: unknown } | null;

/**
 * Loads JSON for a request and reloads whenever the request changes (null = nothing to load).
 * `data` keeps the last answer while the next one loads, so tables do not jump; `loading` is true
 * until the answer for the current request arrives. Failures show the generic toast (fetchJson).
 */
export function useJson<T>(request: JsonRequest, reloadKey: unknown = 0): { data: T | undefined; loading: boolean; failed: boolean } {
  const key = request ? JSON.stringify([request, reloadKey]) : null;
  const [state, setState] = React.useState<{ key: string | null; data?: T; failed: boolean }>({ key: null, failed: false });
  React.useEffect(() => {
    if (key == null) return;
    const [req] = JSON.parse(key) as [NonNullable<JsonRequest>];
    const ctrl = new AbortController();
    fetchJson<T>(req.url, { json: req.json, signal: ctrl.signal }).then(
      (data) => setState({ key, data, failed: false }),
      () => {
        if (!ctrl.signal.aborted) setState((s) => ({ key, data: s.data, failed: true }));
      },
    );
    return () => ctrl.abort();
  }, [key]);
  return { data: state.data, loading: key != null && state.key !== key, failed: state.key === key && state.failed };
}
