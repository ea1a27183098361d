// Decision 124: the own-data download is written as it is read; its text is JSON.stringify's
// (two-space indentation) with the streamed arrays in place, batch by batch.
import { jsonStream, jsonText, pagedById, streamed } from '@/server/personal-data/json-stream';

async function textOf(value: unknown): Promise<string> {
  let out = '';
  for await (const piece of jsonText(value)) out += piece;
  return out;
}

async function* batchesOf<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

test('the text is JSON.stringify(value, null, 2) of the same document held whole', async () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ cui: i + 1, createdAt: new Date(Date.UTC(2026, 0, i + 1)), note: i % 2 ? 'a "b"\nc' : null }));
  const whole = {
    exportedAt: '2026-11-30T00:00:00.000Z',
    account: { id: 1, name: 'Ana', accounts: undefined, tags: [] },
    groups: [
      { id: 1, companies: rows, access: 'Edit' },
      { id: 2, companies: [], access: 'View' },
    ],
    empty: [],
    nested: { list: [{ deep: [1, 2, { x: 'ș' }] }] },
  };
  const streamedDoc = {
    ...whole,
    groups: [
      { id: 1, companies: streamed(() => batchesOf(rows, 3)), access: 'Edit' },
      { id: 2, companies: streamed(() => batchesOf([], 3)), access: 'View' },
    ],
    nested: { list: streamed(() => batchesOf([{ deep: [1, 2, { x: 'ș' }] }], 1)) },
  };
  expect(await textOf(streamedDoc)).toBe(JSON.stringify(whole, null, 2));
});

test('bigint ids are written as numbers (JSON.stringify alone throws on them)', async () => {
  expect(JSON.parse(await textOf({ notifications: streamed(() => batchesOf([{ id: BigInt(12), kind: 'x' }], 5)) }))).toEqual({ notifications: [{ id: 12, kind: 'x' }] });
});

test('rows are read page by page after the last id, and only as the reader reads', async () => {
  const reads: number[] = [];
  const all = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, v: 'x'.repeat(100) }));
  const doc = {
    rows: pagedById(
      async (after, take) => {
        reads.push(after);
        return all.filter((r) => r.id > after).slice(0, take);
      },
      ({ id: _id, ...rest }) => rest,
      1000,
    ),
  };
  const reader = jsonStream(doc).getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  // One 64 KB piece needs the first page only.
  expect(reads).toEqual([0]);
  let text = decoder.decode(first.value, { stream: true });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  expect(reads).toEqual([0, 1000, 2000]);
  const parsed = JSON.parse(text) as { rows: Array<{ v: string }> };
  expect(parsed.rows).toHaveLength(2500);
  expect(parsed.rows[0]).toEqual({ v: 'x'.repeat(100) });
});
