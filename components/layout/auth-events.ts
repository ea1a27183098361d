import type { AuthMode } from '@/components/layout/nav-config';

/*
 * The root layout is a Server Component and cannot hand callbacks to the shell, so the
 * shell (and any screen needing sign-in, e.g. the group button) can ask for the auth
 * modal or a sign-out through window events when no callback was passed. The auth
 * layer subscribes once with onOpenAuthRequest / onSignOutRequest.
 */
export const OPEN_AUTH_EVENT = 'radarfirme:open-auth';
const SIGN_OUT_EVENT = 'radarfirme:sign-out';

export function requestOpenAuth(mode: AuthMode): void {
  window.dispatchEvent(new CustomEvent<{ mode: AuthMode }>(OPEN_AUTH_EVENT, { detail: { mode } }));
}

export function onOpenAuthRequest(listener: (mode: AuthMode) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<{ mode: AuthMode }>).detail.mode);
  window.addEventListener(OPEN_AUTH_EVENT, handler);
  return () => window.removeEventListener(OPEN_AUTH_EVENT, handler);
}

export function requestSignOut(): void {
  window.dispatchEvent(new CustomEvent(SIGN_OUT_EVENT));
}

export function onSignOutRequest(listener: () => void): () => void {
  window.addEventListener(SIGN_OUT_EVENT, listener);
  return () => window.removeEventListener(SIGN_OUT_EVENT, listener);
}
