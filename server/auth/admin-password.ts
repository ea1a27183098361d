// The password an operator gives the first admin of a production deployment (`npm run
// admin:create`, issue 32, docs/decisions/061-exactly-once-mail-pool-metrics-first-admin.md). The
// product's own rule (8 characters, upper, lower, digit, symbol) lets "Password1!" through; an
// account that can block users and read every group deserves more: at least 12 characters, none
// of the passwords the README publishes, no common word dressed up with digits and symbols, not
// the account's own e-mail or user name.
import 'server-only';
import { isStrongPassword, PASSWORD_MESSAGES } from '@/lib/auth/schemas';
import { isPublishedPassword } from '../kernel/exposure';

const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Words an attacker tries first; compared with the letters of the password once digits, symbols and look-alike digits are set aside. */
const KNOWN_WORDS = new Set([
  'password', 'passw', 'parola', 'parolamea', 'qwerty', 'qwertyuiop', 'azerty', 'asdfgh', 'zxcvbn', 'abcdef', 'abcdefgh', 'letmein',
  'welcome', 'bunvenit', 'admin', 'administrator', 'radarfirme', 'radar', 'firme', 'changeme', 'schimba', 'iloveyou', 'monkey',
  'dragon', 'master', 'secret', 'root', 'test', 'default', 'romania', 'bucuresti', 'summer', 'winter', 'autumn', 'spring',
]);

const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/**
 * The letters of a password as a guesser reads them: lower case; without the digits and symbols
 * around it ("Parola#2026"); inside it, look-alike digits read as letters ("P@ssw0rd").
 */
function lettersOf(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return [lower.replace(/[^\p{L}]/gu, ''), core.replace(/[013457@$]/g, (ch) => LOOK_ALIKES[ch] ?? ch).replace(/[^\p{L}]/gu, '')];
}

/** A known word, repeated, or with fewer than 4 other letters beside it ("MyPassword2026!"). */
function isKnownWord(password: string): boolean {
  for (const letters of lettersOf(password)) {
    for (const word of KNOWN_WORDS) {
      if (letters === word) return true;
      if (letters.length % word.length === 0 && word.repeat(letters.length / word.length) === letters) return true;
      if (word.length >= 5 && letters.includes(word) && letters.length - word.length < 4) return true;
    }
  }
  return false;
}

/**
 * Why `password` may not be the first admin's, in Romanian, or null when it may. `account`: its
 * e-mail and user name (a password that contains either is the first thing tried).
 */
export function adminPasswordProblem(password: string, account: { email: string; userName: string }): string | null {
  if (isPublishedPassword(password)) return 'Parola este cea publicată în README: alegeți alta.';
  if (!isStrongPassword(password)) return PASSWORD_MESSAGES.complexity;
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `Parola administratorului trebuie să aibă cel puțin ${ADMIN_PASSWORD_MIN_LENGTH} caractere.`;
  if (isKnownWord(password)) return 'Parola este un cuvânt des folosit, cu cifre și simboluri adăugate: alegeți una greu de ghicit.';
  if (new Set(password).size < 6) return 'Parola repetă prea puține caractere diferite.';
  const lower = password.toLowerCase();
  const email = account.email.trim().toLowerCase();
  const local = email.split('@')[0];
  const name = account.userName.trim().toLowerCase();
  if (lower.includes(email) || (local.length >= 4 && lower.includes(local)) || (name.length >= 4 && lower.includes(name))) {
    return 'Parola nu poate conține adresa de e-mail sau numele de utilizator.';
  }
  return null;
}
