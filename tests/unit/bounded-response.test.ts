import { readBoundedText, ResponseTooLargeError } from '@/server/kernel/bounded-response';

function streamed(parts: string[]): Response {
  const enc = new TextEncoder();
  return new Response(new ReadableStream({ start(c) { for (const p of parts) c.enqueue(enc.encode(p)); c.close(); } }));
}

test('an answer within the limit is read whole', async () => {
  await expect(readBoundedText(streamed(['{"cod":', '200}']), 100)).resolves.toBe('{"cod":200}');
});

test('a hostile endless-looking answer is cut at the limit, streamed or declared', async () => {
  await expect(readBoundedText(streamed(Array.from({ length: 50 }, () => 'x'.repeat(1000))), 10_000)).rejects.toBeInstanceOf(ResponseTooLargeError);
  const declared = new Response('small', { headers: { 'content-length': '999999999' } });
  await expect(readBoundedText(declared, 10_000)).rejects.toBeInstanceOf(ResponseTooLargeError);
});
