// Hostile uploads through the real route handlers (issue 45, items 1 and 6 of the hostile-input
// run; docs/decisions/087): about a hundred crafted files (zip bombs, nested archives,
// billion-laughs XML, huge shared strings, million-line CSVs, binary noise, wrong extensions) to
// POST /api/Group/matchCuiList, and hostile bodies to POST /api/Group/addCuiList. Each answer is
// the expected 200/400/413 (never a 5xx), in under 2 s, and the heap stays within a bound.
import { POST as matchList } from '@/app/api/Group/matchCuiList/route';
import { POST as addList } from '@/app/api/Group/addCuiList/route';
import { UPLOAD_TEXT } from '@/server/uploads/refusal';
import { createGroup, type TestGroup } from '../factories/groups';
import { craftedUploads } from '../support/hostile-uploads';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';

// A hundred archives unpacked one after another is CPU work: beside another jest worker (decision
// 090) on 2 shared cores the file takes far longer than the default 30 s, while each answer
// keeps its own 2 s bound below.
jest.setTimeout(120_000);

let who: Actors;
let group: TestGroup;
let token: string;

beforeAll(async () => {
  who = await makeActors();
  group = await createGroup(who.owner, 'Liste ostile');
  token = await tokenOf(who.owner);
});

afterAll(() => dropActors(who));

const match = (body: unknown) => call(matchList, `/api/Group/matchCuiList?groupId=${group.id}`, { body, token });

/** The heap, sampled every 20 ms while `work` runs (the reader yields, so the sampler gets turns). */
async function peakHeapDuring(work: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().heapUsed);
}

const WORST_MS = 6_000;

test('about a hundred crafted files: the expected status each, under 2 s, heap bounded', async () => {
  const files = [1, 2, 3, 4].flatMap((seed) => craftedUploads(seed));
  expect(files.length).toBeGreaterThanOrEqual(100);
  const before = process.memoryUsage().heapUsed;
  const answers: Array<[string, number, number]> = [];
  let worst = 0;
  const peak = await peakHeapDuring(async () => {
    for (const f of files) {
      const started = performance.now();
      const res = await match({ File: { Name: f.name, Base64: f.bytes.toString('base64') } });
      const ms = performance.now() - started;
      worst = Math.max(worst, ms);
      answers.push([f.kind, res.status, f.expect]);
      // Every refusal is the JSON error body with a Romanian message.
      if (res.status !== 200) expect(Object.values(UPLOAD_TEXT)).toContain(res.body.Message);
    }
  });
  expect(answers.filter(([, status, expected]) => status !== expected)).toEqual([]);
  // Bounded work, not a speed figure: the old reader took 10 s and more (or ended the process).
  // The 2 s goal is measured by `npm run bench -- hostile` on a quiet machine; here the build runs
  // beside the tests on the same 2 cores, so the bound leaves room for a loaded machine.
  expect(worst).toBeLessThan(WORST_MS);
  // The crafted files unpack to hundreds of MB; the reader holds at most a few MB of each.
  expect(peak - before).toBeLessThan(256 * 1024 * 1024);
});

test('the 7,000,000-row workbook of the report: 413 at once, not a process out of memory', async () => {
  const [rows] = craftedUploads(7).filter((f) => f.kind === 'bomb-rows');
  expect(rows.bytes.length).toBeLessThan(5_000_000);
  const started = performance.now();
  const res = await match({ File: { Name: 'clienti.xlsx', Base64: rows.bytes.toString('base64') } });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ Message: UPLOAD_TEXT.tooBig, Code: 'PAYLOAD_TOO_LARGE' });
  expect(performance.now() - started).toBeLessThan(WORST_MS / 2);
});

test('a list past the line limit is cut there and says so', async () => {
  const [csv] = craftedUploads(8).filter((f) => f.kind === 'million-line-csv');
  const res = await match({ File: { Name: 'clienti.csv', Base64: csv.bytes.toString('base64') } });
  expect(res.status).toBe(200);
  expect(res.body.Truncated).toBe(true);
  expect(res.body.Duplicates).toBe(9_999);
  const pasted = await match({ Text: '14399840\n'.repeat(10_001) });
  expect([pasted.status, pasted.body.Truncated]).toEqual([200, true]);
  const exact = await match({ Text: '14399840\n'.repeat(10_000) });
  expect([exact.status, exact.body.Truncated]).toEqual([200, false]);
});

test('bodies past the limit are refused before they are read whole', async () => {
  const huge = 'A'.repeat(8_000_000);
  const declared = await call(matchList, `/api/Group/matchCuiList?groupId=${group.id}`, { body: { File: { Name: 'a.csv', Base64: huge } }, token });
  expect(declared.status).toBe(413);
  // No Content-Length: the stream is cut as soon as it passes the limit.
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += 1_000_000;
      if (sent > 50_000_000) controller.close();
      else controller.enqueue(new Uint8Array(1_000_000).fill(0x41));
    },
  });
  const req = new Request(`http://localhost:3000/api/Group/matchCuiList?groupId=${group.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-radarfirme-client-address': '10.9.9.9' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  const res = await matchList(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(413);
  expect(sent).toBeLessThan(10_000_000);
});

test('the add-CUI-list endpoint: hostile bodies are 4xx', async () => {
  const add = (body: unknown, opts: { raw?: string } = {}) =>
    opts.raw === undefined
      ? call(addList, `/api/Group/addCuiList?groupId=${group.id}`, { body, token })
      : addList(
          new Request(`http://localhost:3000/api/Group/addCuiList?groupId=${group.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-radarfirme-client-address': '10.9.9.8' },
            body: opts.raw,
          }),
          { params: Promise.resolve({}) },
        ).then((r) => ({ status: r.status }));
  const statuses = [
    (await add({ Cuis: Array.from({ length: 100_001 }, (_, i) => i + 1) })).status,
    (await add({ Cuis: ['x', null, { a: 1 }] })).status,
    (await add({ Cuis: [1e300, -5] })).status,
    (await add(undefined, { raw: '['.repeat(200_000) + ']'.repeat(200_000) })).status,
    (await add(undefined, { raw: '{"Cuis": [1,2,' })).status,
    (await add(undefined, { raw: `{"Cuis":[${'1,'.repeat(1_100_000)}1]}` })).status,
  ];
  expect(statuses).toEqual([400, 400, 400, 400, 400, 413]);
  // Brackets inside strings (escaped quotes included) and nesting within the bound are not "too deep".
  const fine = [
    (await add(undefined, { raw: `{"Cuis":[1],"Note":"${'['.repeat(300)}"}` })).status,
    (await add(undefined, { raw: `{"Cuis":[1],"Note":"a\\\"${'{'.repeat(300)}\\\\"}` })).status,
    (await add(undefined, { raw: `{"Cuis":[1],"Deep":${'['.repeat(200)}${']'.repeat(200)}}` })).status,
  ];
  expect(fine).toEqual([200, 200, 200]);
});
