import 'server-only';
import type pg from 'pg';
import { getPool } from './db';

/** Runs `fn` in one transaction on one pooled connection; rolls back on any error. */
export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/**
 * Runs `fn` in a transaction that is always rolled back: a preview that performs a write to read
 * its result (a draft's segment resolved as sending would, decision 064) and leaves nothing behind.
 */
export async function withRolledBackTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    return await fn(client);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}
