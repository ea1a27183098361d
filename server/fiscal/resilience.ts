// The pieces that keep a remote service's trouble away from the site (decision 098): the retry
// delays and the circuit breaker. Pure and clock-injected, so their arithmetic is unit-tested.
import 'server-only';

/**
 * The delay before retry `attempt` (1, 2, …): exponential from `baseMs`, capped, with full jitter
 * (a random point of the window), so instances that failed together do not retry together.
 * A server's Retry-After, when longer, wins.
 */
export function backoffDelay(attempt: number, opts: { baseMs: number; capMs: number; retryAfterMs?: number | null }, random: () => number = Math.random): number {
  const window = Math.min(opts.capMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(window / 2 + random() * (window / 2));
  return Math.max(jittered, opts.retryAfterMs ?? 0);
}

/** Retry-After as seconds or an HTTP date → ms (null when absent or unreadable). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Closed: calls pass. After `failures` failures in a row it opens: calls are refused without
 * reaching the service for `cooldownMs`; then one trial call passes (half-open): its success closes
 * the breaker, its failure opens it again. Per process: each instance protects its own visitors.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly opts: { failures: number; cooldownMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.opts.cooldownMs ? 'half-open' : 'open';
  }

  /** Whether a call may leave now; a half-open breaker lets one trial through at a time. */
  allow(): boolean {
    const s = this.state;
    if (s === 'closed') return true;
    if (s === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** When the breaker lets the next call through (ms from now; 0 when closed). */
  retryInMs(): number {
    if (this.openedAt === null) return 0;
    return Math.max(0, this.openedAt + this.opts.cooldownMs - this.now());
  }

  /** The call ended in a way that says nothing of the service's health (a 429, no slot): the trial is free again. */
  release(): void {
    this.trialInFlight = false;
  }

  succeed(): void {
    this.consecutive = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  fail(): void {
    this.trialInFlight = false;
    this.consecutive++;
    if (this.openedAt !== null || this.consecutive >= this.opts.failures) this.openedAt = this.now();
  }
}

/** A list cut into pieces of at most `size` (the CUIs of one call). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
