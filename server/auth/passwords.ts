// Password hashing with argon2id (OWASP's minimum profile: 19 MiB, 2 passes, 1 lane), so a
// sign-in costs tens of milliseconds on the 2-core machines this runs on. The one place argon2 is
// called: every hash and verification goes through one small queue (decision 035), so requests
// that need argon2, signed in or not, can never take every core from the pages and the API.
import 'server-only';
import os from 'node:os';
import argon2 from 'argon2';
import { env } from '../kernel/env';
import { AppError } from '../kernel/errors';
import { FifoGate, type FifoGateState } from '../kernel/fifo-gate';
import { processSlot } from '../kernel/process-slot.mjs';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_BUSY_MESSAGE = 'Serverul este ocupat. Încercați din nou peste câteva secunde.';
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A counting semaphore with a bounded wait queue, shared by every copy of this module in the
 * process (Next loads server code in several bundles): the shared object holds only state, so a
 * copy's own AppError class and configuration are the ones that apply.
 */
const g = processSlot<{ __radarfirmePasswordQueue?: FifoGateState }>('passwords.queue', () => ({}));
/** argon2 work, through the one queue; past its bound the caller is refused at once (503). */
const gate = new FifoGate(
  () => env.PASSWORD_HASH_CONCURRENCY || Math.max(1, Math.floor(os.availableParallelism() / 2)),
  {
    max: () => env.PASSWORD_HASH_QUEUE,
    error: () => new AppError('UNAVAILABLE', PASSWORD_BUSY_MESSAGE, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) }),
  },
  (g.__radarfirmePasswordQueue ??= { running: 0, waiting: [] }),
);
const queued = <T>(work: () => Promise<T>): Promise<T> => gate.run(work);

/** For the tests and the benchmark: argon2 jobs running and waiting now. */
export const passwordQueueStats = () => gate.stats;

export function hashPassword(password: string): Promise<string> {
  return queued(() => argon2.hash(password, OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown e-mail, or an account created through an
 * external provider) it still runs one argon2 verification, so the answer time does not tell
 * whether the address has an account. A full queue answers 503 (AppError) either way.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('radarfirme-dummy-password-#1A').catch((e) => {
      dummyHash = null;
      throw e;
    });
    const dummy = await dummyHash;
    await queued(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return queued(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** True when a stored hash was made with weaker settings and should be replaced after sign-in. */
export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, OPTIONS);
}
