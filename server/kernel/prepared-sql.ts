// Raw SQL as a named prepared statement (decision 047): PostgreSQL parses and plans an unnamed
// statement on every call; a named one is parsed once per pooled connection, and after five calls
// its plan is kept when the generic plan is as good. For the company page's big details query,
// planning was 1.8 ms against 0.8 ms of execution (3.5M companies), so the hot, fixed statements of
// the details endpoints and of the search's page read go through here. Only for statement texts
// that are constants (their name is derived from the text).
//
// A statement prepared before a migration changed a table it reads may fail once with "cached plan
// must not change result type" (0A000): the next generation of names is prepared again.
import 'server-only';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { getPool, getReadPool } from './db';

const names = new Map<string, string>();
let generation = 0;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `rf${generation}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

async function run<T extends pg.QueryResultRow>(pool: pg.Pool, text: string, params: unknown[]): Promise<T[]> {
  try {
    return (await pool.query<T>({ name: nameOf(text), text, values: params })).rows;
  } catch (e) {
    if ((e as { code?: string }).code !== '0A000') throw e;
    generation++;
    names.clear();
    return (await pool.query<T>({ name: nameOf(text), text, values: params })).rows;
  }
}

/** A prepared statement on the primary. */
export async function preparedSql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return run<T>(getPool(), text, params);
}

/**
 * A prepared statement for a public read: on the read replica (DATABASE_READ_URL, decision 050),
 * or on the primary when `onPrimary` (a signed-in reader sees their own writes; a check a write depends on).
 */
export async function preparedReadSql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = [], onPrimary = false): Promise<T[]> {
  return run<T>(onPrimary ? getPool() : getReadPool(), text, params);
}
