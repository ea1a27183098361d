// Password hashing with argon2id (OWASP's minimum profile: 19 MiB, 2 passes, 1 lane), so a
// sign-in costs tens of milliseconds on the 2-core machines this runs on.
import 'server-only';
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown e-mail, or an account created through an
 * external provider) it still runs one argon2 verification, so the answer time does not tell
 * whether the address has an account.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('radarfirme-dummy-password-#1A');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings and should be replaced after sign-in. */
export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, OPTIONS);
}
