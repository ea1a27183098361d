// THE browser API client (one module, docs/decisions/084-one-builder-per-concept.md). A call names
// its contract key (lib/api/contract): its query, body and path values are typed by the key's
// schemas and its answer by the key's answer schema. Every call goes to /api with JSON headers and
// the bearer token kept in localStorage (AccessToken, RefreshToken). On a 401 it makes ONE refresh
// attempt; concurrent requests wait for that refresh and are retried with the new token. If the
// refresh itself fails, the tokens are cleared, the session-ended listeners send the user Home,
// and the operation is cancelled (ApiCancelledError). Sign-in and register calls are outside this
// logic. A 403 PASSWORD_CHANGE_REQUIRED (an account that must change its password first,
// server/http/route.ts) sends the user to the change page and cancels the operation too
// (PasswordChangeRequiredError, an ApiCancelledError): no caller shows its generic error for it.
// The contract is imported for its types only: the table stays out of the browser bundle.
import type { z } from 'zod';
import type { Contract, ContractKey } from './contract';
import { endpoint, methodOf, type EndpointParams } from './endpoint';


export const ACCESS_TOKEN_KEY = 'AccessToken';
export const REFRESH_TOKEN_KEY = 'RefreshToken';
/** Fired on window when this tab stores or clears tokens (other tabs get the 'storage' event). */
export const TOKENS_CHANGED_EVENT = 'rf:tokens-changed';

export type TokenPair = { AccessToken: string; RefreshToken: string };
export type ApiErrorBody = { Message?: string; Code?: string; Errors?: Record<string, string[]>; RequestId?: string };

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody | null,
  ) {
    super(body?.Message || `Cererea a eșuat (${status}).`);
    this.name = 'ApiError';
  }
  /** The server's messages for one field (e.g. the 409 texts under UserName / Email). */
  fieldErrors(field: string): string[] {
    return this.body?.Errors?.[field] ?? [];
  }
}

/** The session could not be renewed: tokens cleared, user sent Home, the operation abandoned. */
export class ApiCancelledError extends Error {
  constructor(message = 'Sesiunea a expirat.') {
    super(message);
    this.name = 'ApiCancelledError';
  }
}

/** Where an account that must change its password is sent (app/Schimbare-parola). */
export const CHANGE_PASSWORD_PATH = '/Schimbare-parola';
/** The error code of that refusal (server/kernel/errors.ts). */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'PASSWORD_CHANGE_REQUIRED';

/** The API refused the call until the password is changed: the user is sent to the change page. */
export class PasswordChangeRequiredError extends ApiCancelledError {
  constructor(message?: string) {
    super(message || 'Schimbați parola pentru a continua.');
    this.name = 'PasswordChangeRequiredError';
  }
}

const isBrowser = () => typeof window !== 'undefined';

function storage(): Storage | null {
  try {
    return isBrowser() ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function getTokens(): TokenPair | null {
  const s = storage();
  const AccessToken = s?.getItem(ACCESS_TOKEN_KEY);
  const RefreshToken = s?.getItem(REFRESH_TOKEN_KEY);
  return AccessToken && RefreshToken ? { AccessToken, RefreshToken } : null;
}

export function hasTokens(): boolean {
  return getTokens() !== null;
}

export function setTokens(pair: TokenPair): void {
  const s = storage();
  if (!s) return;
  s.setItem(ACCESS_TOKEN_KEY, pair.AccessToken);
  s.setItem(REFRESH_TOKEN_KEY, pair.RefreshToken);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

export function clearTokens(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(ACCESS_TOKEN_KEY);
  s.removeItem(REFRESH_TOKEN_KEY);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

// ── session ended (refresh failed) ──

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** The auth provider subscribes (sends the user Home through the router); returns the unsubscribe. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function endSession() {
  clearTokens();
  if (sessionEndedListeners.size === 0) {
    // No router here (lib/ is framework-free): a full navigation Home.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (isBrowser() && window.location.pathname !== '/') window.location.assign('/');
    return;
  }
  for (const l of sessionEndedListeners) l();
}

// ── password change required (403 PASSWORD_CHANGE_REQUIRED) ──

const passwordChangeListeners = new Set<Listener>();
let passwordChangePending = false;
/** When the last PASSWORD_CHANGE_REQUIRED refusal arrived (ms since the epoch). */
let lastRefusalAt = 0;
/**
 * How long after a refusal an error toast is taken for that refusal's: a call of the page the user
 * left can be answered after the browser reached the change page, and its caller's toast then
 * showed over the page that explains (decision 112).
 */
export const REFUSAL_TOAST_WINDOW_MS = 2000;

/**
 * True from a PASSWORD_CHANGE_REQUIRED refusal until the browser is on the change page, and for
 * REFUSAL_TOAST_WINDOW_MS after any refusal: the error toasts of the calls refused meanwhile are
 * not shown (components/layout/toaster.tsx), since most callers toast any failure and the user is
 * being sent to the page that explains it.
 */
export function isLeavingForPasswordChange(): boolean {
  if (Date.now() - lastRefusalAt < REFUSAL_TOAST_WINDOW_MS) return true;
  if (passwordChangePending && isBrowser() && window.location.pathname === CHANGE_PASSWORD_PATH) passwordChangePending = false;
  return passwordChangePending;
}

/** The auth provider subscribes (marks the user and routes to the change page); returns the unsubscribe. */
export function onPasswordChangeRequired(listener: Listener): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

function requirePasswordChange() {
  lastRefusalAt = Date.now();
  passwordChangePending = isBrowser() && window.location.pathname !== CHANGE_PASSWORD_PATH;
  if (passwordChangeListeners.size === 0) {
    // No router here (lib/ is framework-free): a full navigation to the change page.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (isBrowser() && window.location.pathname !== CHANGE_PASSWORD_PATH) window.location.assign(CHANGE_PASSWORD_PATH);
    return;
  }
  for (const l of passwordChangeListeners) l();
}

// ── requests in flight (the full-page loader) ──

let inFlight = 0;
const activityListeners = new Set<(count: number) => void>();

export function onApiActivity(listener: (count: number) => void): () => void {
  activityListeners.add(listener);
  listener(inFlight);
  return () => activityListeners.delete(listener);
}

function track(delta: number) {
  inFlight += delta;
  for (const l of activityListeners) l(inFlight);
}

// ── refresh: one at a time, shared by every waiting request ──

/** Paths the refresh logic never touches: a 401 there is the answer itself. */
const NO_REFRESH = [/^\/api\/Auth\/login/i, /^\/api\/api\/Auth\/login/i, /^\/api\/Account\/register/i, /^\/api\/Auth\/refresh-token/i, /^\/api\/Auth\/external-session/i];

let refreshing: Promise<void> | null = null;

async function doRefresh(stale: TokenPair): Promise<void> {
  const run = async () => {
    const current = getTokens();
    if (!current) throw new ApiCancelledError();
    // Another request (or another tab) already renewed the pair we failed with.
    if (current.RefreshToken !== stale.RefreshToken) return;
    let res: Response;
    try {
      res = await fetch(endpoint('POST /api/Auth/refresh-token'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(current),
      });
    } catch {
      // Network failure: keep the tokens (the server may not have seen the call), cancel this one.
      throw new ApiCancelledError();
    }
    if (!res.ok) {
      endSession();
      throw new ApiCancelledError();
    }
    setTokens((await res.json()) as TokenPair);
  };
  // Several tabs share the tokens: the Web Locks API keeps them from refreshing the same token
  // at once (which the server would treat as reuse and answer by ending the session).
  const locks = isBrowser() ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks?.request) await locks.request('rf-token-refresh', run);
  else await run();
}

function refreshOnce(stale: TokenPair): Promise<void> {
  refreshing ??= doRefresh(stale).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// ── requests ──

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not count this request for the full-page loader (lists use placeholder cards). */
  background?: boolean;
};

export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/api') ? path : `/api/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => params.append(k, String(item)));
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function send(url: string, opts: RequestOptions, tokens: TokenPair | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (tokens) headers.authorization = `Bearer ${tokens.AccessToken}`;
  return fetch(url, {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

async function toError(res: Response): Promise<ApiError> {
  const body = await parse<ApiErrorBody | string>(res).catch(() => null);
  return new ApiError(res.status, typeof body === 'object' && body ? body : { Message: typeof body === 'string' ? body : undefined });
}

export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const pathname = url.split('?')[0];
  const refreshable = !NO_REFRESH.some((re) => re.test(pathname));
  if (!opts.background) track(1);
  try {
    // A refresh in progress: wait for it instead of sending a token that is being replaced.
    if (refreshing && refreshable) await refreshing;
    const tokens = getTokens();
    let res = await send(url, opts, tokens);
    if (res.status === 401 && refreshable && tokens) {
      await refreshOnce(tokens);
      res = await send(url, opts, getTokens());
    }
    if (!res.ok) {
      const error = await toError(res);
      if (error.status === 403 && error.body?.Code === PASSWORD_CHANGE_REQUIRED_CODE) {
        requirePasswordChange();
        throw new PasswordChangeRequiredError(error.body.Message);
      }
      throw error;
    }
    return await parse<T>(res);
  } finally {
    if (!opts.background) track(-1);
  }
}

/**
 * A file from the API (the exports): sent like apiRequest (bearer token, one refresh on 401), then
 * saved by the browser under the name the server gave it. Errors are ApiError, as for apiRequest.
 */
export async function apiDownload(path: string, query?: Query): Promise<void> {
  const url = buildUrl(path, query);
  track(1);
  try {
    if (refreshing) await refreshing;
    const tokens = getTokens();
    let res = await send(url, {}, tokens);
    if (res.status === 401 && tokens) {
      await refreshOnce(tokens);
      res = await send(url, {}, getTokens());
    }
    if (!res.ok) throw await toError(res);
    const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = name ? decodeURIComponent(name) : 'export';
    document.body.appendChild(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } finally {
    track(-1);
  }
}

// ── typed calls (by contract key) ──

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
