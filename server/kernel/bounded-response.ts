// A remote service's answer (or an incoming request's body) read with a size limit: the body is streamed and abandoned past
// `maxBytes`, so an endless or huge answer (a broken or hostile ANAF, courts portal or CRM) cannot
// fill the memory of an instance. The time limit is the caller's AbortSignal on fetch.
import 'server-only';

export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Răspunsul serviciului depășește ${maxBytes} de octeți.`);
  }
}

/**
 * The body of a remote answer or of an incoming request, read up to `maxBytes`: a declared length
 * past it is refused before reading, and the stream is cancelled as soon as it passes it, so a
 * hostile body never sits whole in memory. TextDecoder drops a BOM, as Request.text() does.
 */
export async function readBoundedText(message: Request | Response, maxBytes: number): Promise<string> {
  const declared = Number(message.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  if (!message.body) return '';
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
