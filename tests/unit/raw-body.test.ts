// Decision 124: the text bodies of the public webhooks (SES, Postmark, the bounce mailbox) are
// read up to their limit and no further, so a huge POST is answered 413 without sitting in memory.
import { readRawBody } from '@/server/http/raw-body';
import { AppError } from '@/server/kernel/errors';

const CHUNK = 64 * 1024;

/** A POST whose body is `chunks` pieces of 64 KB, counting how many the reader pulled. */
function hugePost(chunks: number, declareLength = false) {
  const seen = { bytes: 0 };
  const piece = new Uint8Array(CHUNK).fill(0x61);
  let left = chunks;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (left-- <= 0) return c.close();
      seen.bytes += CHUNK;
      c.enqueue(piece);
    },
  });
  const headers: Record<string, string> = { 'content-type': 'text/plain' };
  if (declareLength) headers['content-length'] = String(chunks * CHUNK);
  const req = new Request('http://localhost/api/webhooks/ses', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { req, seen };
}

test('a body within the limit is read whole', async () => {
  const { req } = hugePost(3);
  await expect(readRawBody(req, 1_000_000)).resolves.toHaveLength(3 * CHUNK);
});

test('a streamed body past the limit is refused with 413 after reading little more than the limit', async () => {
  const { req, seen } = hugePost(320); // 20 MB offered
  const err = await readRawBody(req, 1_000_000).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('PAYLOAD_TOO_LARGE');
  expect((err as AppError).message).toBe('Cererea este prea mare.');
  // The old `req.text()` read all 20 MB before comparing.
  expect(seen.bytes).toBeLessThanOrEqual(1_000_000 + 2 * CHUNK);
});

test('a declared length past the limit is refused before any byte is read', async () => {
  const { req, seen } = hugePost(320, true);
  await expect(readRawBody(req, 1_000_000)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  expect(seen.bytes).toBeLessThanOrEqual(2 * CHUNK);
});
