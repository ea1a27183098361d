// `npm run bench -- contacts`: GET /api/Contact/getCompanyContacts (the admin contacts page) on the
// large benchmark database, called in-process as an Admin with varied contact, social and search
// filters. Target (issue 12): p95 ≤ 80 ms. Prints figures; never fails a build.
import { performance } from 'node:perf_hooks';

type Handler = (req: Request) => Promise<Response>;

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  max ${s[s.length - 1].toFixed(1)} ms  (n=${s.length})`;
}

export default async function run() {
  const { sql, closeDb } = await import('../../server/kernel/db');
  const { issueSession } = await import('../../server/auth/tokens');
  const { createUser, deleteUsers } = await import('../../tests/factories/users');
  const { GET } = (await import('../../app/api/Contact/getCompanyContacts/route')) as { GET: Handler };
  const admin = await createUser({ role: 'Admin' });
  try {
    const token = (await issueSession(admin.id)).AccessToken;
    const counties = (await sql<{ id: number }>(`SELECT id FROM county ORDER BY id LIMIT 10`)).map((r) => r.id);
    const filters = [
      'HasFacebook=true',
      'HasYouTube=true',
      'HasInstagram=true&HasTwitter=true&HasLinkedin=true&HasYouTube=true&HasFacebook=true',
      'HasWebsite=true&HasEmail=true',
      'HasEmail=true&HasPhone=true',
      'HasPhone=true&HasLinkedin=true&OrderBy=Turnover_desc',
      'HasWebsite=false&HasEmail=true',
      ...counties.map((c) => `CountyId=${c}&HasEmail=true&HasFacebook=true`),
      'MinEmployees=10&MaxEmployees=50&HasWebsite=true',
      'SearchText=construct&HasEmail=true',
      'HasFacebook=true&PageNumber=5',
    ];
    const call = async (q: string) => {
      const t = performance.now();
      const res = await GET(new Request(`http://localhost/api/Contact/getCompanyContacts?${q}`, { headers: { authorization: `Bearer ${token}` } }));
      await res.text();
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      return performance.now() - t;
    };
    // The same filters on PostgreSQL alone (capped count), then on the search engine (decision 026:
    // exact count, the social links as flags on the copy).
    const { setSearchEngineEnabled, waitForEngine } = await import('../../server/search/engine');
    for (const engine of [false, true]) {
      setSearchEngineEnabled(engine);
      if (engine && !(await waitForEngine())) {
        console.log('search engine: not available (DuckDB missing?); skipped');
        break;
      }
      for (const q of filters.slice(0, 3)) await call(q); // warm up
      const all: number[] = [];
      const byFilter = new Map<string, number[]>();
      for (let round = 0; round < 3; round++)
        for (const q of filters) {
          const ms = await call(q);
          all.push(ms);
          byFilter.set(q, [...(byFilter.get(q) ?? []), ms]);
        }
      console.log(`getCompanyContacts on ${engine ? 'the search engine (exact count)' : 'PostgreSQL alone (count capped at 10,001)'} (${filters.length} filters × 3): ${stats(all)}`);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const slowest = [...byFilter].map(([q, xs]) => [q, median(xs)] as const).sort((a, b) => b[1] - a[1]);
      for (const [q, ms] of slowest.slice(0, 4)) console.log(`  slowest: ${q}: median ${ms.toFixed(1)} ms`);
    }
    setSearchEngineEnabled(null);
  } finally {
    await deleteUsers(admin);
    await (await import('../../server/search/engine')).stopSearchEngine();
    await closeDb();
  }
}
