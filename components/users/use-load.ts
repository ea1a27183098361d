'use client';

import * as React from 'react';
import { showErrorToast } from '@/components/layout/toaster';

/**
 * Loads data for `key` and again whenever it changes (include a reload counter to force one).
 * `data` keeps the last answer while the next loads, so lists do not jump; `loading` is true until
 * the answer for the current key arrives. A failure shows the generic error toast.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): { data: T | undefined; loading: boolean } {
  const [state, setState] = React.useState<{ key: string | null; data?: T }>({ key: null });
  const loadRef = React.useRef(load);
  React.useEffect(() => {
    loadRef.current = load;
  });
  React.useEffect(() => {
    const ctrl = new AbortController();
    loadRef.current(ctrl.signal).then(
      (data) => setState({ key, data }),
      () => {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ key, data: s.data }));
        showErrorToast();
      },
    );
    return () => ctrl.abort();
  }, [key]);
  return { data: state.data, loading: state.key !== key };
}
