// The one place that reads process.env (for the server and the scripts). Every variable has a
// working default for the embedded set-up, or fails with a message naming it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().default('postgresql://postgres:postgres@127.0.0.1:54329/radarfirme'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** Signs access tokens. Required in production; a fixed development value otherwise. */
  AUTH_SECRET: z.string().min(32).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@radarfirme.ro'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin#2026!'),
  ADMIN_USERNAME: z.string().min(3).default('Administrator'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RadarFirme <no-reply@radarfirme.ro>'),
  OPERATOR_EMAIL: z.string().email().default('contact@radarfirme.ro'),
  MAILBOX_DIR: z.string().default(path.resolve(process.cwd(), '.data/mailbox')),
  CRON_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ENTRA_ID_CLIENT_ID: z.string().optional(),
  MICROSOFT_ENTRA_ID_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ENTRA_ID_ISSUER: z.string().url().optional(),
  /** next-auth's own base URL; derived from APP_URL + /api/nextauth when unset. */
  NEXTAUTH_URL: z.string().url().optional(),
  /** Sign-in attempts allowed per window, per client address and per account (e-mail). */
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** /dev/mailbox page: auto = on when mail goes to the local mailbox and the app is local. */
  MAILBOX_PAGE: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_QUERIES: bool,
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Configurație invalidă: ${first.path.join('.')}: ${first.message}`);
  }
  return parsed.data;
}

export const env: Env = load();

const DEV_SECRET = 'radarfirme-development-secret-change-me-in-production';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
let localSecret: string | null = null;

/**
 * A production build on a developer's machine (`npm start`, APP_URL on localhost) gets a random
 * secret generated once and kept in .data/auth-secret, so sessions survive restarts without any
 * setting. A real deployment (APP_URL not on localhost) must set AUTH_SECRET.
 */
function persistedLocalSecret(): string {
  if (localSecret) return localSecret;
  const file = path.resolve(process.cwd(), '.data/auth-secret');
  try {
    localSecret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch {
      // another process created it first
    }
    localSecret = readFileSync(file, 'utf8').trim();
  }
  return localSecret;
}

export function authSecret(): string {
  const s = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (s) return s;
  if (env.NODE_ENV !== 'production' || process.env.RADARFIRME_ALLOW_DEV_SECRET === '1') return DEV_SECRET;
  if (LOOPBACK_HOSTS.has(new URL(env.APP_URL).hostname)) return persistedLocalSecret();
  throw new Error('AUTH_SECRET lipsește: setați AUTH_SECRET (cel puțin 32 de caractere) în producție.');
}
