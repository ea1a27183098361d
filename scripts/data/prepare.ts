// Brings a migrated database to a usable state; called by `npm start` / `npm run dev` and by the
// test clusters. Idempotent: reference data is upserted (nothing written when unchanged), the demo
// set is seeded only into an empty company table, derived data is refreshed only when it is
// missing, and the first admin is created only when absent.
import pg from 'pg';
import { DEFAULT_ADMIN_PASSWORD } from '../../server/kernel/exposure';
import { hashPassword } from '../../server/auth/passwords';
import { env } from '../../server/kernel/env';
import { bundlesToChunks, copyChunks, LOADED_TABLES, TABLES } from './copy';
import { createDefinitions, dropDefinitions, readDefinitions, refreshOtherMaterializedViews } from './ddl';
import { DEFAULT_SEED, generateCompanies } from './generator';
import { loadReferenceData } from './reference';

export type PrepareOptions = {
  /** Size of the demo set seeded into an empty database (default 20,000). */
  demoCompanies?: number;
  /** No console output (tests). */
  quiet?: boolean;
  seed?: number;
  /** The first admin's password when it is created; ADMIN_PASSWORD (or the published default) otherwise. */
  adminPassword?: string;
  /** Financial years per company of the demo set (default 10: 2015–2024). */
  yearsPerCompany?: number;
};

const DEFAULT_DEMO_COMPANIES = 20_000;

/** Serialises seeding between processes that start at the same time on one database. */
const SEED_LOCK = 7262002;

async function seedDemo(client: pg.ClientBase, count: number, seed: number, years: number | undefined): Promise<number | null> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM company) AS has');
    if (rows[0].has) {
      await client.query('ROLLBACK');
      return null;
    }
    // Like a bulk import: indexes and foreign keys go, the rows come in by COPY, the derived data
    // is computed, then the indexes and keys come back (all in this transaction: a failure leaves
    // the database as it was).
    const defs = await readDefinitions(client, [...LOADED_TABLES, 'company_trend', 'company_rank', 'collaboration']);
    await dropDefinitions(client, defs);
    const data = bundlesToChunks(generateCompanies({ seed, count, yearsPerCompany: years }));
    for (const spec of TABLES) await copyChunks(client, spec, data.get(spec.table)!.chunks);
    await client.query('ANALYZE');
    await client.query('SELECT * FROM rf_refresh_derived()');
    await createDefinitions(client, defs, ['pk', 'unique', 'index', 'fk']);
    await refreshOtherMaterializedViews(client);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    return count;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

/** Derived data is missing when companies have years but none has its latest-year facts. */
async function derivedDataMissing(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT EXISTS (SELECT 1 FROM financial_year)
        AND NOT EXISTS (SELECT 1 FROM company WHERE last_year IS NOT NULL) AS missing`,
  );
  return rows[0].missing;
}

export type AdminCredentials = { email: string; password: string; userName: string };

/**
 * Creates the first admin (role Admin) when no account uses ADMIN_EMAIL. Never changes an existing
 * account: a password changed by its owner stays changed. Returns the credentials when created.
 * An admin created with the published default password must change it at the first sign-in.
 */
export async function ensureFirstAdmin(client: pg.ClientBase, creds: AdminCredentials): Promise<AdminCredentials | null> {
  const email = creds.email.trim().toLowerCase();
  const existing = await client.query('SELECT 1 FROM app_user WHERE email = $1', [email]);
  if (existing.rowCount) return null;
  const hash = await hashPassword(creds.password);
  const res = await client.query(
    `INSERT INTO app_user (user_name, user_name_norm, email, email_verified, password_hash, role_id, must_change_password)
     SELECT $1, $2, $3, now(), $4, r.id, $5 FROM role r WHERE r.name = 'Admin'
     ON CONFLICT DO NOTHING`,
    [creds.userName, creds.userName.trim().toLowerCase(), email, hash, creds.password === DEFAULT_ADMIN_PASSWORD],
  );
  if (!res.rowCount) {
    // another process starting at the same time may have created it first
    const raced = await client.query('SELECT 1 FROM app_user WHERE email = $1', [email]);
    if (raced.rowCount) return null;
    throw new Error(
      `Administratorul nu a putut fi creat: numele de utilizator "${creds.userName}" este deja folosit; setați ADMIN_USERNAME.`,
    );
  }
  return { ...creds, email };
}

export type PrepareResult = {
  /** The first admin was created by this call: the database is new (start.ts then seeds the demo accounts). */
  adminCreated: boolean;
};

export async function prepareDatabase(url: string, opts: PrepareOptions = {}): Promise<PrepareResult> {
  const log = opts.quiet ? () => {} : (m: string) => console.log(`[date] ${m}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = Date.now();
    const ref = await loadReferenceData(client);
    if (ref.written) log(`date de referință încărcate (${ref.written} rânduri scrise) în ${Date.now() - t0} ms`);

    const count = opts.demoCompanies ?? DEFAULT_DEMO_COMPANIES;
    const t1 = Date.now();
    const seeded = count > 0 ? await seedDemo(client, count, opts.seed ?? DEFAULT_SEED, opts.yearsPerCompany) : null;
    if (seeded !== null) {
      log(`set demonstrativ: ${seeded.toLocaleString('ro-RO')} de firme generate în ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    } else if (await derivedDataMissing(client)) {
      const t2 = Date.now();
      await client.query('SELECT * FROM rf_refresh_derived()');
      log(`date derivate recalculate în ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    }

    const admin = await ensureFirstAdmin(client, {
      email: env.ADMIN_EMAIL,
      password: opts.adminPassword ?? env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
      userName: env.ADMIN_USERNAME,
    });
    if (admin && !opts.quiet) {
      const published = admin.password === DEFAULT_ADMIN_PASSWORD;
      console.log(
        `[date] cont de administrator creat: e-mail ${admin.email}, parolă ${published ? admin.password : 'din ADMIN_PASSWORD'}, utilizator ${admin.userName}` +
          (published ? ' (parola publicată: la prima autentificare vi se cere una nouă)' : '') +
          '; valorile vin din ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_USERNAME',
      );
    }
    return { adminCreated: admin !== null };
  } finally {
    await client.end();
  }
}
