// `npm run bench -- hostile-uploads` (and `npm run bench -- hostile`, with hostile-reports):
// 1,000 crafted uploads (tests/support/hostile-uploads.ts: zip bombs, nested archives,
// billion-laughs XML, huge shared strings, million-line CSVs, binary noise, wrong extensions)
// read by the one upload reader exactly as POST /api/Group/matchCuiList reads them (the bounded
// reader, then the CUI list reader), HOSTILE_UPLOADS_CONCURRENCY (default 8) at a time, each on a
// turn of the event loop of its own as a request would be. Target of issue 45: no 5xx (every
// answer is 200, 400, 413 or 429), each within 2 s, memory bounded. Prints the count per status,
// the worst and p99 times (queueing for a reader included), the peak resident memory above the
// start, and the event-loop delay (p99 and longest). Standalone: no database (the route's group
// check and the SQL of the preview are not what the files attack). Never fails a build.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readCuiList } from '../../lib/prospecting/cui-list';
import { craftedUploads, type CraftedUpload } from '../../tests/support/hostile-uploads';

export const standalone = true;

const TOTAL = Number(process.env.HOSTILE_UPLOADS_COUNT ?? 1_000);
const CONCURRENCY = Number(process.env.HOSTILE_UPLOADS_CONCURRENCY ?? 8);
const MB = 1024 * 1024;

export default async function run(): Promise<void> {
  const { readCuiListFile } = await import('../../server/prospecting/cui-file');
  const { env } = await import('../../server/kernel/env');
  const files: CraftedUpload[] = [];
  for (let seed = 1; files.length < TOTAL; seed++) files.push(...craftedUploads(seed));
  files.length = TOTAL;

  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const statuses = new Map<string, number>();
  const times: number[] = [];
  const worstByKind = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      // Each file is a request of its own: the next one starts on a new turn of the event loop
      // (chained on microtasks, quick refusals would hold the loop and count as a stall).
      await new Promise((resolve) => setImmediate(resolve));
      if (next >= files.length) return;
      const f = files[next++];
      const t = performance.now();
      let status: number;
      try {
        const list = await readCuiListFile(f.name, f.bytes);
        readCuiList(list.text, env.CUI_LIST_MAX_LINES);
        status = 200;
      } catch (e) {
        status = typeof (e as { status?: unknown }).status === 'number' ? (e as { status: number }).status : 500;
        if (status === 500) console.error(`  ${f.kind}: ${(e as Error).message}`);
      }
      const ms = performance.now() - t;
      times.push(ms);
      worstByKind.set(f.kind, Math.max(worstByKind.get(f.kind) ?? 0, ms));
      const key = status === f.expect || status === 429 ? String(status) : `${status} (attendu ${f.expect}, ${f.kind})`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = performance.now() - started;
  clearInterval(sampler);
  loop.disable();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`files: ${times.length} (${new Set(files.map((f) => f.kind)).size} kinds), ${CONCURRENCY} at a time, ${(wall / 1000).toFixed(1)} s in all`);
  console.log(`statuses: ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  console.log(`time per file: p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms (target ≤ 2,000 ms)`);
  console.log(`slowest kinds: ${[...worstByKind].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`resident memory: start ${(base / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - base) / MB).toFixed(0)} MB)`);
  console.log(`event-loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, longest ${(loop.max / 1e6).toFixed(0)} ms`);
}
