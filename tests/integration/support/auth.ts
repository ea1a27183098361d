// Builders and callers shared by the auth integration tests: users straight in the database
// (argon2id hashes, as the app stores them), and route handlers called with a plain Request.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { env } from '@/server/kernel/env';
import { CLIENT_ADDRESS_HEADER, markFront } from '../../../server/http/front/client-address.mjs';
export { STRONG_PASSWORD, createUser, deleteUsers, ensureRoles, uniq, type TestUser } from '../../factories/users';

const BASE = 'http://localhost:3000';
// The handlers run as under the front server (scripts/serve.mjs), which sets the client address
// header on every request; `ip` (or a random address) stands for what the front computed.
markFront();
/** The header the front server writes: the address every per-address limit counts by. */
export const fromAddress = (ip: string): Record<string, string> => ({ [CLIENT_ADDRESS_HEADER]: ip });

export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** No test may send real mail or write into the project's .data folder. */
export function isolateMail(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rf-mailbox-'));
  env.SMTP_URL = undefined;
  env.MAILBOX_DIR = dir;
  return dir;
}

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function call(
  handler: Handler,
  pathAndQuery: string,
  opts: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; params?: Record<string, string | string[]>; ip?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read loosely by tests
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...fromAddress(opts.ip ?? randomIp()), ...opts.headers };
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
