// A remote service's answer read with a size limit: the body is streamed and abandoned past
// `maxBytes`, so an endless or huge answer (a broken or hostile ANAF, courts portal or CRM) cannot
// fill the memory of an instance. The time limit is the caller's AbortSignal on fetch.
import 'server-only';

export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Răspunsul serviciului depășește ${maxBytes} de octeți.`);
  }
}

export async function readBoundedText(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new ResponseTooLargeError(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
