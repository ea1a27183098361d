// The application's clock (issue 47, docs/decisions/089-a-clock-tests-can-move.md). Whatever
// decides "is it due yet" (scheduled sendings, retries, follow-ups, digests, retention) reads the
// time here, in JS (`clockNow`) or in SQL (`nowSql`), so a test moves time instead of waiting for
// it. The offset is 0 and cannot change unless the process runs under Jest (NODE_ENV=test) or the
// e2e server set TEST_CLOCK=1, which env.ts refuses on an instance reachable from another machine.
import 'server-only';
import { env } from './env';
import { AppError } from './errors';
import { isLoopbackPeer } from './peer';
import { readProcessSlot, setProcessSlot } from './process-slot.mjs';

// One offset per process: the route bundles of a Next build may each load this module, and the
// cron sender must see the offset the test endpoint set.
const SLOT = 'clock.offsetMs';

const offsetMs = (): number => readProcessSlot<number>(SLOT) ?? 0;

/** True where a test may move the clock: Jest, or the e2e server (TEST_CLOCK=1 on loopback). */
function isClockMovable(): boolean {
  return env.NODE_ENV === 'test' || env.TEST_CLOCK;
}

/** The current instant of the application's clock. */
export function clockNow(): Date {
  return new Date(Date.now() + offsetMs());
}

/**
 * The SQL expression of the same instant, for a query's due checks: plain `now()` while the clock
 * is not moved (the text, and so the plan, of every query stays as it was). The offset is an
 * integer this module set, never a caller's text, so it is spelled into the query.
 */
export function nowSql(): string {
  const ms = offsetMs();
  return ms === 0 ? 'now()' : `(now() + interval '${ms} milliseconds')`;
}

/** How far the clock is ahead of the machine's (ms). */
export function clockOffsetMs(): number {
  return offsetMs();
}

/**
 * Moves the clock to `offset` ms ahead of the machine's (0 puts it back). Refused outside tests,
 * so no code path of a deployed instance can make mail leave early or data expire late.
 */
export function setClockOffset(offset: number): void {
  if (!isClockMovable()) throw new Error('Ceasul aplicației se poate muta doar în teste (TEST_CLOCK=1 pe un server local).');
  if (!Number.isSafeInteger(offset)) throw new Error(`Deplasarea ceasului trebuie să fie un număr întreg de milisecunde, nu ${offset}.`);
  setProcessSlot(SLOT, offset);
}

/**
 * POST /api/cron/test-clock (the e2e specs): sets the clock `OffsetSeconds` ahead of the machine's.
 * Besides the cron secret the route wrapper checks, the caller must be this machine (the front's
 * socket address) and the server must have been started with TEST_CLOCK=1; otherwise the endpoint
 * answers as if it did not exist.
 */
export function moveClockForTest(input: { OffsetSeconds: number }, headers: { get(name: string): string | null }): { Now: string; OffsetSeconds: number } {
  if (!env.TEST_CLOCK || !isLoopbackPeer(headers)) throw new AppError('NOT_FOUND', 'Pagina nu a fost găsită.');
  setClockOffset(input.OffsetSeconds * 1000);
  return { Now: clockNow().toISOString(), OffsetSeconds: input.OffsetSeconds };
}
