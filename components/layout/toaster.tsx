'use client';

// Toasts without sonner on the first paint: sonner (about 11 kB gzip) is loaded on its own chunk
// when the browser is idle after the page loaded, or by the first toast, whichever comes first.
// sonner replays the toasts created before its Toaster subscribed, so nothing is lost.
import * as React from 'react';
import type { ExternalToast } from 'sonner';
import { isLeavingForPasswordChange } from '@/lib/api/client';

/** Default texts; screens pass their own message from the spec when it has one. */
const DEFAULT_SUCCESS_MESSAGE = 'Operațiunea a reușit!';
export const DEFAULT_ERROR_MESSAGE = 'A apărut o eroare. Vă rugăm să încercați din nou.';

type SonnerModule = typeof import('@/components/layout/sonner-toaster');
type Message = React.ReactNode | (() => React.ReactNode);

let loading: Promise<SonnerModule> | null = null;
const listeners = new Set<(m: SonnerModule) => void>();

function loadSonner(): Promise<SonnerModule> {
  loading ??= import('@/components/layout/sonner-toaster').then((m) => {
    listeners.forEach((l) => l(m));
    return m;
  });
  return loading;
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message' | 'loading';

function show(kind: Kind | null) {
  return (message: Message, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => (kind ? toast[kind](message, data) : toast(message, data)));
  };
}

/**
 * sonner's `toast` API, loaded on first use: `toast(msg)`, `toast.success|error|info|warning|message|loading(msg, options)`,
 * `toast.dismiss(id?)`. Unlike sonner's, the calls return nothing (the id is not known yet).
 */
export const toast = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
  loading: show('loading'),
  dismiss: (id?: string | number): void => void loadSonner().then((m) => m.toast.dismiss(id)),
});

export function showSuccessToast(message: string = DEFAULT_SUCCESS_MESSAGE): void {
  toast.success(message);
}

export function showErrorToast(message: string = DEFAULT_ERROR_MESSAGE): void {
  // The calls the API refused until the password is changed: the app is on its way to the change page.
  if (isLeavingForPasswordChange()) return;
  toast.error(message);
}

/**
 * Top-right toasts for 5000 ms with a progress bar (drawn in globals.css, paused while
 * hovered or focused, like sonner's own timer). Rendered once by SiteShell. sonner's Toaster
 * mounts once its chunk is loaded (browser idle after load, or the first toast).
 */
export function Toaster() {
  const [mod, setMod] = React.useState<SonnerModule | null>(null);
  React.useEffect(() => {
    listeners.add(setMod);
    if (loading) void loading.then(setMod);
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadSonner(), { timeout: 4000 });
    return () => {
      listeners.delete(setMod);
      cancel(handle);
    };
  }, []);
  return mod ? <mod.SonnerToaster /> : null;
}
