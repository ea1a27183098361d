// The ANAF stand-in as a process, for the demo (`npm start` starts it on 127.0.0.1 when ANAF_VAT_URL
// is unset on a loopback instance) and for e2e: it answers for the companies of the database it is
// given (DATABASE_URL), with their names and addresses and the demo's facts (demoFacts), and "not
// found" for any other CUI, as ANAF does. Usage: tsx tests/stand-ins/anaf-vat-server.ts [--port N]
import pg from 'pg';
import { demoFacts, startAnafStandIn } from './anaf-vat';
import { demoCases, startCourtsStandIn } from './courts-portal';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const port = Number(arg('--port') ?? process.env.ANAF_STAND_IN_PORT ?? 3611);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const standIn = await startAnafStandIn({
    port,
    facts: async (cui) => {
      const { rows } = await pool.query<{ name: string; full_address: string | null }>(`SELECT name, full_address FROM company WHERE cui = $1`, [cui]);
      return rows[0] ? demoFacts(cui, rows[0].name, rows[0].full_address ?? '') : null;
    },
  });
  // The courts' portal stand-in beside it (port + 1), for the same companies by name.
  const courts = await startCourtsStandIn({
    port: port + 1,
    casesOf: async (party) => {
      const { rows } = await pool.query<{ cui: number; name: string }>(`SELECT cui, name FROM company WHERE name = $1 LIMIT 1`, [party]);
      return rows[0] ? demoCases(rows[0].cui, rows[0].name) : [];
    },
  });
  console.log(`[anaf] serviciul ANAF simulat ascultă la ${standIn.url}, portalul instanțelor simulat la ${courts.url}`);
  const stop = async () => {
    await standIn.close().catch(() => {});
    await courts.close().catch(() => {});
    await pool.end().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((e) => {
  console.error(`[anaf] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
