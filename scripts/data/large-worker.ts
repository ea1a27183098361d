// Worker thread of scripts/data/large.ts: generates blocks of the CUI space and sends back each
// table's COPY bytes. The main thread writes the blocks in order (heaps stay sorted by CUI) and
// acknowledges each one, so a worker never runs more than a couple of blocks ahead.
import { parentPort, workerData } from 'node:worker_threads';
import { CopyBuffer, TABLES } from './copy';
import { generateCompaniesInSlots } from './generator';

export type WorkerInput = { seed: number; count: number; years: number; blockSlots: number; blocks: number[]; window: number };
export type BlockResult = { block: number; companies: number; rows: number[]; chunks: Uint8Array[] };

const input = workerData as WorkerInput;
let inFlight = 0;
let resume: (() => void) | null = null;

parentPort!.on('message', (m: { ack: number }) => {
  if (m.ack !== undefined) {
    inFlight--;
    resume?.();
    resume = null;
  }
});

async function main() {
  for (const block of input.blocks) {
    while (inFlight >= input.window) await new Promise<void>((r) => (resume = r));
    const buffers = TABLES.map(() => new CopyBuffer(1 << 20));
    let companies = 0;
    const from = block * input.blockSlots;
    for (const b of generateCompaniesInSlots({ seed: input.seed, count: input.count, yearsPerCompany: input.years, fullYears: true }, from, from + input.blockSlots)) {
      for (let k = 0; k < TABLES.length; k++) TABLES[k].write(b, buffers[k]);
      companies++;
    }
    const chunks = buffers.map((o) => new Uint8Array(o.buf.buffer, o.buf.byteOffset, o.pos));
    const result: BlockResult = { block, companies, rows: buffers.map((o) => o.rows), chunks };
    inFlight++;
    // Buffers from allocUnsafe may share a pooled ArrayBuffer: copy into fresh ones to transfer.
    const owned = chunks.map((c) => new Uint8Array(c));
    parentPort!.postMessage({ ...result, chunks: owned }, owned.map((c) => c.buffer));
  }
  parentPort!.postMessage({ done: true });
}

void main();
