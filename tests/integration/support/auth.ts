// Builders and callers shared by the auth integration tests: users straight in the database
// (argon2id hashes, as the app stores them), and route handlers called with a plain Request.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from '@/server/db';
import { env } from '@/server/env';
import { hashPassword } from '@/server/auth/passwords';
import { normalizeUserName } from '@/server/auth/accounts';

export const BASE = 'http://localhost:3000';
export const STRONG_PASSWORD = 'Parola#2026';

/** No test may send real mail or write into the project's .data folder. */
export function isolateMail(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rf-mailbox-'));
  env.SMTP_URL = undefined;
  env.MAILBOX_DIR = dir;
  return dir;
}

export async function ensureRoles(): Promise<void> {
  await sql(`INSERT INTO role (name) VALUES ('Admin'), ('User') ON CONFLICT (name) DO NOTHING`);
}

export const uniq = () => randomBytes(5).toString('hex');
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export type TestUser = { id: number; email: string; userName: string; password: string };

export async function createUser(opts: { role?: 'Admin' | 'User'; password?: string | null; blocked?: boolean; email?: string; userName?: string; emailVerified?: boolean } = {}): Promise<TestUser> {
  await ensureRoles();
  const id = uniq();
  const email = (opts.email ?? `user-${id}@exemplu.ro`).toLowerCase();
  const userName = opts.userName ?? `Utilizator ${id}`;
  const password = opts.password === undefined ? STRONG_PASSWORD : opts.password;
  const rows = await sql<{ id: number }>(
    `INSERT INTO app_user (user_name, user_name_norm, email, password_hash, role_id, is_blocked, email_verified)
     VALUES ($1, $2, $3, $4, (SELECT id FROM role WHERE name = $5), $6, CASE WHEN $7 THEN now() END) RETURNING id`,
    [userName, normalizeUserName(userName), email, password ? await hashPassword(password) : null, opts.role ?? 'User', !!opts.blocked, !!opts.emailVerified],
  );
  return { id: rows[0].id, email, userName, password: password ?? '' };
}

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function call(
  handler: Handler,
  pathAndQuery: string,
  opts: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; params?: Record<string, string | string[]>; ip?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read loosely by tests
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const req = new Request(`${BASE}${pathAndQuery}`, {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}
