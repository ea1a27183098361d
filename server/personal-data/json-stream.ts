// A JSON document written as it is read (decision 124): the text JSON.stringify(value, null, 2)
// gives, where some arrays are `streamed` (read batch by batch from the database) instead of held
// whole, so a download of millions of rows keeps one batch in memory, not the document.
import 'server-only';

const STREAM = Symbol('streamed');
export type Streamed = { [STREAM]: () => AsyncIterable<unknown[]> };

/** An array whose elements come from `batches` when the document reaches it. */
export const streamed = (batches: () => AsyncIterable<unknown[]>): Streamed => ({ [STREAM]: batches });

/** Rows `take` at a time in `id` order (after the last one seen), `shape`d for the document. */
export function pagedById<R extends { id: number | bigint }>(read: (after: number, take: number) => Promise<R[]>, shape: (row: R) => unknown, take: number): Streamed {
  return streamed(async function* () {
    let after = 0;
    for (;;) {
      const rows = await read(after, take);
      if (rows.length) yield rows.map(shape);
      if (rows.length < take) return;
      after = Number(rows[rows.length - 1].id);
    }
  });
}

const isStreamed = (v: unknown): v is Streamed => typeof v === 'object' && v !== null && STREAM in v;
const isPlain = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
const holdsStream = (v: unknown): boolean => isStreamed(v) || (isPlain(v) && Object.values(v).some(holdsStream));

// Ids of bigint columns come as BigInt, which JSON.stringify refuses; every one is below 2^53.
const bigintAsNumber = (_key: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
/** JSON.stringify(value, null, 2) at an indentation (no string holds a raw line break). */
const textAt = (value: unknown, indent: string) => (JSON.stringify(value, bigintAsNumber, 2) ?? 'null').replace(/\n/g, `\n${indent}`);

async function* arrayText(batches: AsyncIterable<unknown[]> | Iterable<unknown[]>, indent: string): AsyncGenerator<string> {
  const inner = `${indent}  `;
  let first = true;
  yield '[';
  for await (const batch of batches) {
    for (const element of batch) {
      yield `${first ? '' : ','}\n${inner}`;
      first = false;
      yield* jsonText(element, inner);
    }
  }
  yield first ? ']' : `\n${indent}]`;
}

/** The document's text in pieces; streamed arrays are read as the writer reaches them. */
export async function* jsonText(value: unknown, indent = ''): AsyncGenerator<string> {
  if (isStreamed(value)) return yield* arrayText(value[STREAM](), indent);
  if (!holdsStream(value)) return yield textAt(value, indent);
  if (Array.isArray(value)) return yield* arrayText([value], indent);
  const inner = `${indent}  `;
  const entries = Object.entries(value as object).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
  yield '{';
  for (const [i, [key, v]] of entries.entries()) {
    yield `${i ? ',' : ''}\n${inner}${JSON.stringify(key)}: `;
    yield* jsonText(v, inner);
  }
  yield `\n${indent}}`;
}

/** The document as a byte stream, in pieces of about 64 KB, read as the client reads. */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonText(value);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = '';
      while (chunk.length < 64 * 1024) {
        const next = await pieces.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
