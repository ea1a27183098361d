// The client of ANAF's VAT-payer service (decision 098). Every call: the circuit breaker first (an
// open breaker refuses without calling), then the deployment's one turn of the service in
// PostgreSQL (server/kernel/call-budget.ts: a call leaves at least a second after the previous
// call's answer, for all instances together), then the POST with a timeout. Timeouts, network
// errors, 5xx and answers without the documented form are retried with exponential backoff and
// jitter, each retry taking the turn again; a 429 or maintenance answer gives the turn back only
// after its Retry-After, so every instance pauses.
// Nothing here runs on a visitor's page request: the page reads the last stored check only.
import 'server-only';
import { env } from '../kernel/env';
import { isLoopbackHost } from '../kernel/exposure';
import { acquireCallTurn, releaseCallTurn } from '../kernel/call-budget';
import { AnafFormatError, buildVatRequest, parseVatAnswer, type VatAnswer } from './anaf-parse';
import { CircuitBreaker, backoffDelay, parseRetryAfter } from './resilience';
import { readBoundedText } from '../kernel/bounded-response';

const ANAF_VAT_REAL_URL = 'https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva';
/** The row of remote_call_slot every instance reserves its calls in. */
export const ANAF_BUDGET_KEY = 'anaf:vat';
/** Pause after a maintenance answer that names no Retry-After. */
const MAINTENANCE_PAUSE_MS = 60_000;

/**
 * The service's address: ANAF_VAT_URL when set; otherwise the local stand-in on an instance that
 * only this machine reaches (the demo of npm start, development), the real service elsewhere.
 */
export function anafVatUrl(): string {
  if (env.ANAF_VAT_URL) return env.ANAF_VAT_URL;
  let appOnLoopback = false;
  try {
    appOnLoopback = isLoopbackHost(new URL(env.APP_URL).hostname);
  } catch {
    appOnLoopback = false;
  }
  const local = env.NODE_ENV !== 'production' || (isLoopbackHost(env.HOST) && appOnLoopback);
  return local ? `http://127.0.0.1:${env.ANAF_STAND_IN_PORT}/api/PlatitorTvaRest/v9/tva` : ANAF_VAT_REAL_URL;
}

/** A check that could not be made; `message` is what the page shows (Romanian). */
export class FiscalUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FiscalUnavailableError';
  }
}

export type AnafClientOptions = {
  url: string;
  intervalMs: number;
  timeoutMs: number;
  retries: number;
  breaker: { failures: number; cooldownMs: number };
  /** Backoff of the retries (ms): base and cap. */
  backoff: { baseMs: number; capMs: number };
  fetch: typeof fetch;
  random: () => number;
};

type Attempt = { ok: true; answer: VatAnswer } | { ok: false; message: string; retryAfterMs: number | null; countsAsFailure: boolean };

export class AnafVatClient {
  readonly breaker: CircuitBreaker;
  private readonly opts: AnafClientOptions;

  constructor(opts: Partial<AnafClientOptions> = {}) {
    this.opts = {
      url: opts.url ?? anafVatUrl(),
      intervalMs: opts.intervalMs ?? env.ANAF_CALL_INTERVAL_MS,
      timeoutMs: opts.timeoutMs ?? env.ANAF_TIMEOUT_MS,
      retries: opts.retries ?? env.ANAF_RETRIES,
      breaker: opts.breaker ?? { failures: env.ANAF_BREAKER_FAILURES, cooldownMs: env.ANAF_BREAKER_COOLDOWN_MS },
      backoff: opts.backoff ?? { baseMs: 1000, capMs: 30_000 },
      fetch: opts.fetch ?? fetch,
      random: opts.random ?? Math.random,
    };
    // ANAF's own limit: whatever the setting says, the real service is never called faster.
    if (this.opts.url === ANAF_VAT_REAL_URL) this.opts.intervalMs = Math.max(1000, this.opts.intervalMs);
    this.breaker = new CircuitBreaker(this.opts.breaker);
  }

  /**
   * The VAT status of at most 100 CUIs on `date` (YYYY-MM-DD). Waits for the shared rate at most
   * `maxWaitMs` in all (retries included); throws FiscalUnavailableError when no answer came.
   */
  async checkVat(cuis: readonly number[], date: string, maxWaitMs: number): Promise<VatAnswer> {
    if (cuis.length === 0) return { found: [], notFound: [] };
    if (cuis.length > 100) throw new Error('ANAF acceptă cel mult 100 de CUI-uri într-un apel');
    const deadline = Date.now() + maxWaitMs;
    let last = 'Serviciul ANAF nu a putut fi consultat.';
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      if (!this.breaker.allow()) {
        throw new FiscalUnavailableError('Verificările la ANAF sunt oprite temporar după mai multe erori; se reiau automat.');
      }
      const turn = await acquireCallTurn(ANAF_BUDGET_KEY, this.opts.timeoutMs + 5000, deadline - Date.now());
      if (!turn) {
        this.breaker.release();
        throw new FiscalUnavailableError('Prea multe verificări în așteptare la ANAF; verificarea se face în curând.');
      }
      let r: Attempt | null = null;
      try {
        r = await this.callOnce(cuis, date);
      } finally {
        await releaseCallTurn(ANAF_BUDGET_KEY, turn, Math.max(this.opts.intervalMs, (r && !r.ok && r.retryAfterMs) || 0));
      }
      if (r.ok) {
        this.breaker.succeed();
        return r.answer;
      }
      last = r.message;
      if (r.countsAsFailure) this.breaker.fail();
      else this.breaker.release();
      if (attempt === this.opts.retries) break;
      const delay = backoffDelay(attempt + 1, { ...this.opts.backoff, retryAfterMs: r.retryAfterMs }, this.opts.random);
      if (Date.now() + delay >= deadline) break;
      await new Promise((res) => setTimeout(res, delay));
    }
    throw new FiscalUnavailableError(last);
  }

  private async callOnce(cuis: readonly number[], date: string): Promise<Attempt> {
    let res: Response;
    try {
      res = await this.opts.fetch(this.opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(buildVatRequest(cuis, date)),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (e) {
      const timedOut = (e as { name?: string })?.name === 'TimeoutError';
      return { ok: false, message: timedOut ? 'ANAF nu a răspuns la timp.' : 'Serviciul ANAF nu poate fi contactat.', retryAfterMs: null, countsAsFailure: true };
    }
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (res.status === 429) {
      await res.body?.cancel().catch(() => {});
      // The service's own limit: honoured by every instance, not a fault of the service.
      return { ok: false, message: 'ANAF a cerut o pauză între verificări.', retryAfterMs: retryAfter ?? 2000, countsAsFailure: false };
    }
    if (res.status === 503) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, message: 'Serviciul ANAF este în mentenanță.', retryAfterMs: retryAfter ?? MAINTENANCE_PAUSE_MS, countsAsFailure: true };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, message: `Serviciul ANAF a răspuns cu o eroare (HTTP ${res.status}).`, retryAfterMs: null, countsAsFailure: true };
    }
    try {
      const json: unknown = JSON.parse(await readBoundedText(res, 2 * 1024 * 1024));
      return { ok: true, answer: parseVatAnswer(json) };
    } catch (e) {
      if ((e as { name?: string })?.name === 'TimeoutError') return { ok: false, message: 'ANAF nu a răspuns la timp.', retryAfterMs: null, countsAsFailure: true };
      // A page instead of JSON is how the service shows maintenance.
      const message = e instanceof AnafFormatError ? `Răspuns ANAF neașteptat: ${e.message}.` : 'Serviciul ANAF este în mentenanță.';
      return { ok: false, message, retryAfterMs: null, countsAsFailure: true };
    }
  }
}

let shared: AnafVatClient | null = null;

/** The process's client (its breaker protects every caller of this process). */
export function anafClient(): AnafVatClient {
  shared ??= new AnafVatClient();
  return shared;
}

/** Tests: a new client with these settings becomes the process's one. */
export function useAnafClient(client: AnafVatClient | null): void {
  shared = client;
}
