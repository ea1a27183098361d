'use client';

// The session in the browser: the user (UserName, UserRoles, UserId) fetched from
// Auth/userDetails on start and on each navigation while tokens exist; sign-in completion
// (tokens stored, profile fetched, page reloaded) and sign-out (loader, Auth/logout, tokens
// cleared, Home). Also owns the login/register modal and the ways other screens open it.
import * as React from 'react';
import { markAppHydrated } from '@/components/layout/keep-server-html';
import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import {
  ApiCancelledError,
  ApiError,
  clearTokens,
  hasTokens,
  onPasswordChangeRequired,
  onSessionEnded,
  setTokens,
  TOKENS_CHANGED_EVENT,
  type TokenPair,
} from '@/lib/api/client';
import type { UserDetails } from '@/lib/auth/types';
import { authApi } from '@/lib/api/auth';
import { onOpenAuthRequest, onSignOutRequest } from '@/components/layout/auth-events';
import { CHANGE_PASSWORD_PATH, isSamePath } from '@/components/layout/nav-config';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import type { AuthTab } from '@/components/auth/auth-modal';

// The modal, its forms, zod and react-hook-form (about 60 kB gzip) load the first time it opens;
// the listeners below (shell buttons, `rf:open-auth`, `#register`) are all that ships up front.
const loadAuthModal = () => import('@/components/auth/auth-modal').then((m) => m.AuthModal);
const AuthModal = dynamic(loadAuthModal, { ssr: false });

export type AuthUser = Pick<UserDetails, 'UserId' | 'UserName' | 'UserRoles' | 'UserRole' | 'MustChangePassword' | 'EmailVerified'>;

/** Other screens may open the modal with this event too: detail { tab: 'login' | 'register' }. */
const OPEN_AUTH_EVENT_ALT = 'rf:open-auth';

type AuthContextValue = {
  user: AuthUser | null;
  /** False until the first userDetails answer (or immediately when there are no tokens). */
  ready: boolean;
  openAuth: (tab?: AuthTab) => void;
  closeAuth: () => void;
  completeSignIn: (tokens: TokenPair) => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
  reloadUser: () => Promise<AuthUser | null>;
};

const AuthContext = React.createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth() needs <AuthProvider>');
  return ctx;
}

const toUser = (d: UserDetails): AuthUser => ({
  UserId: d.UserId,
  UserName: d.UserName,
  UserRoles: d.UserRoles,
  UserRole: d.UserRole,
  MustChangePassword: !!d.MustChangePassword,
  EmailVerified: d.EmailVerified,
});

/** Keep the current user (a network failure says nothing about the session). */
const KEEP = Symbol('keep');

async function loadUser(): Promise<AuthUser | null | typeof KEEP> {
  if (!hasTokens()) return null;
  try {
    return toUser(await authApi.userDetails({ background: true }));
  } catch (e) {
    // A failed refresh already cleared the tokens and went Home; a 401/403 after it means the
    // tokens are worthless.
    if (e instanceof ApiCancelledError) return null;
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      clearTokens();
      return null;
    }
    return KEEP;
  }
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [user, setUser] = React.useState<AuthUser | null>(null);
  const [ready, setReady] = React.useState(false);
  const [modal, setModal] = React.useState<{ open: boolean; tab: AuthTab }>({ open: false, tab: 'login' });
  // Mounted from the first opening on (it keeps the account-created popup and the reset-on-close).
  const [modalMounted, setModalMounted] = React.useState(false);
  const [signingOut, setSigningOut] = React.useState(false);

  const reloadUser = React.useCallback(async (): Promise<AuthUser | null> => {
    const outcome = await loadUser();
    if (outcome !== KEEP) setUser(outcome);
    setReady(true);
    return outcome === KEEP ? null : outcome;
  }, []);

  // The first commit of the app: later renders are client renders (components/layout/keep-server-html.tsx).
  React.useEffect(() => markAppHydrated(), []);

  // On each navigation with a token, the user details are fetched to check roles.
  React.useEffect(() => {
    let alive = true;
    void loadUser().then((outcome) => {
      if (!alive) return;
      if (outcome !== KEEP) setUser(outcome);
      setReady(true);
    });
    return () => {
      alive = false;
    };
  }, [pathname]);

  // An account that must change its password (an admin created with the published default) can
  // do nothing else: the API refuses the rest, so the app goes straight to the change.
  const mustChange = !!user?.MustChangePassword;
  React.useEffect(() => {
    if (mustChange && !isSamePath(pathname, CHANGE_PASSWORD_PATH)) router.replace(CHANGE_PASSWORD_PATH);
  }, [mustChange, pathname, router]);

  // Tokens changed here or in another tab (sign-in / sign-out elsewhere).
  React.useEffect(() => {
    const sync = (e?: Event) => {
      if (e instanceof StorageEvent && e.key !== null && e.key !== 'AccessToken' && e.key !== 'RefreshToken') return;
      if (!hasTokens()) setUser(null);
      else if (e instanceof StorageEvent) void reloadUser();
    };
    window.addEventListener('storage', sync);
    window.addEventListener(TOKENS_CHANGED_EVENT, sync);
    return () => {
      window.removeEventListener('storage', sync);
      window.removeEventListener(TOKENS_CHANGED_EVENT, sync);
    };
  }, [reloadUser]);

  // The API refused a call until the password is changed (403 PASSWORD_CHANGE_REQUIRED): the
  // user is marked, and the effect above routes to the change page.
  React.useEffect(
    () =>
      onPasswordChangeRequired(() => {
        setUser((u) => (u ? { ...u, MustChangePassword: true } : u));
        if (!isSamePath(window.location.pathname, CHANGE_PASSWORD_PATH)) router.replace(CHANGE_PASSWORD_PATH);
      }),
    [router],
  );

  // The refresh failed: session gone, go Home.
  React.useEffect(
    () =>
      onSessionEnded(() => {
        setUser(null);
        router.push('/');
        router.refresh();
      }),
    [router],
  );

  // A click on a "sign in first" button (Urmărește, Adaugă în grup) made before the session is
  // known, by a user who holds tokens, must not open the login modal over the signed-in page: the
  // button becomes the signed-in one a moment later.
  const readyRef = React.useRef(ready);
  React.useEffect(() => {
    readyRef.current = ready;
  }, [ready]);
  const openAuth = React.useCallback((tab: AuthTab = 'login') => {
    if (!readyRef.current && hasTokens()) return;
    setModalMounted(true);
    setModal({ open: true, tab });
  }, []);
  const closeAuth = React.useCallback(() => {
    setModal((m) => ({ ...m, open: false }));
    if (window.location.hash === '#register') history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  const completeSignIn = React.useCallback(
    async (tokens: TokenPair) => {
      setTokens(tokens);
      const u = await reloadUser();
      // "The page reloaded": server components render again with the new session cookie.
      router.refresh();
      return u;
    },
    [reloadUser, router],
  );

  const signOut = React.useCallback(async () => {
    setSigningOut(true);
    try {
      await authApi.logout();
    } catch {
      // Signing out locally matters more than the answer: the tokens go either way.
    }
    clearTokens();
    setUser(null);
    router.push('/');
    router.refresh();
    setSigningOut(false);
  }, [router]);

  // Requests to open the modal: the shell's buttons, other screens' events, the #register hash.
  React.useEffect(() => {
    const offShell = onOpenAuthRequest((mode) => openAuth(mode));
    const offSignOut = onSignOutRequest(() => void signOut());
    const alt = (e: Event) => openAuth(((e as CustomEvent<{ tab?: AuthTab; mode?: AuthTab }>).detail?.tab ?? (e as CustomEvent<{ mode?: AuthTab }>).detail?.mode) === 'register' ? 'register' : 'login');
    const hash = () => {
      if (window.location.hash === '#register') openAuth('register');
    };
    window.addEventListener(OPEN_AUTH_EVENT_ALT, alt);
    window.addEventListener('hashchange', hash);
    hash();
    return () => {
      offShell();
      offSignOut();
      window.removeEventListener(OPEN_AUTH_EVENT_ALT, alt);
      window.removeEventListener('hashchange', hash);
    };
  }, [openAuth, signOut]);

  const value = React.useMemo<AuthContextValue>(
    () => ({ user, ready, openAuth, closeAuth, completeSignIn, signOut, reloadUser }),
    [user, ready, openAuth, closeAuth, completeSignIn, signOut, reloadUser],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {modalMounted && (
        <AuthModal
          open={modal.open}
          tab={modal.tab}
          onTabChange={(tab) => setModal((m) => ({ ...m, tab }))}
          onClose={closeAuth}
          onSignedIn={completeSignIn}
        />
      )}
      <FullPageLoader show={signingOut} label="Se închide sesiunea…" />
    </AuthContext.Provider>
  );
}
