// Types of server/kernel/front-bridge.mjs: the explicit interface between the front and the app.

export const PEER_HEADER: 'x-radarfirme-peer';
export const CLIENT_ADDRESS_HEADER: 'x-radarfirme-client-address';

type HeaderBag = { get(name: string): string | null; has(name: string): boolean };
type PageUrl = Pick<URL, 'pathname' | 'search' | 'searchParams'>;

/** A cached page as the front writes it: the headers, and for a 200 the stored gzip as it is. */
export type RawPageAnswer = { status: 200 | 304; headers: Record<string, string>; gzipped: Buffer | null };

/** A miss the front lets Next render in place and then keeps (server/page-cache/serve.ts). */
export type FrontRenderPlan = { key: string; marker: string; tag: string; etag: string; lastModified: Date; headers: Record<string, string> };

/** A front render as every visitor gets it: its HTML gzipped, and its hash policy (no nonce). */
export type SealedPage = { gzipped: Buffer; csp: string };

/** What the page cache offers the front. */
export type PageCacheHandlers = {
  lookup(method: string, headers: HeaderBag, url: PageUrl): Promise<RawPageAnswer | null>;
  begin(method: string, headers: HeaderBag, url: PageUrl): Promise<FrontRenderPlan | null>;
  /** The render without nonces, with the policy of its script hashes (server/security/sealed-page.ts). */
  seal(body: Buffer, encoding: 'gzip' | 'identity'): Promise<SealedPage>;
  /** Keeps a sealed 200 under the plan's version. */
  keep(plan: FrontRenderPlan, sealed: SealedPage): Promise<void>;
  /** The request header that marks a render the front keeps. */
  header: string;
  /** The security headers of an answer that is not a page (what the front writes itself). */
  securityHeaders(pathname: string): Record<string, string>;
};

/** What the hot API route registry offers the front (server/http/front-routes.ts). */
export type FrontRouteHandlers = {
  /** The answer of a registered route for this address, or null: Next answers it as usual. */
  answer(method: string, url: string, headers: Record<string, string | string[] | undefined>): Promise<Response> | null;
  /** Answers given here since the start (metrics, tests). */
  answered(): number;
  /** Answers being computed and waiting for a place (FRONT_API_CONCURRENCY). */
  gate(): { running: number; waiting: number };
};

export function registerPageCacheHandlers(handlers: PageCacheHandlers): void;
export function pageCacheHandlers(): PageCacheHandlers | undefined;
export function frontRouteRegistry<R extends { api: FrontRouteHandlers }>(create: () => R): R;
export function frontRouteHandlers(): FrontRouteHandlers | undefined;
export function ensurePeerKey(): string;
export function peerKey(): string | undefined;
export function markFront(): void;
export function frontClientAddressHeader(): string | undefined;
