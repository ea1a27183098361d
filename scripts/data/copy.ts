// Generated companies → PostgreSQL COPY (text format) bytes, and the writers that send them: one
// COPY per table on its own connection (bulk load) or the buffered bytes replayed on one
// connection inside a transaction (demo seed). Used by prepare.ts and large.ts.
//
// Rows are written straight into byte buffers: building one JavaScript string per row (template
// literals) made the garbage collector the bottleneck at a million companies.
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { CompanyBundle } from './generator';

/** Fixed timestamps of the generated rows that have no business date, so that runs are identical. */
const DATA_TIMESTAMP = '2025-07-01 00:00:00';

const TAB = 9;
const NL = 10;
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** A growable byte buffer with COPY text-format field writers. */
export class CopyBuffer {
  buf: Buffer;
  pos = 0;
  rows = 0;

  constructor(size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }

  private ensure(n: number) {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** An ASCII text known to need no escaping (numbers, codes, dates). */
  ascii(s: string): this {
    const n = s.length;
    this.ensure(n + 1);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
    return this;
  }

  /** An integer (up to 2^53), written digit by digit: String() of large doubles is slow. */
  int(v: number): this {
    this.ensure(21);
    const b = this.buf;
    let p = this.pos;
    if (v < 0) {
      b[p++] = 45;
      v = -v;
    }
    const digits = this.digits;
    let n = 0;
    if (v <= 0x7fffffff) {
      let x = v | 0;
      do {
        const q = (x / 10) | 0;
        digits[n++] = x - q * 10;
        x = q;
      } while (x > 0);
    } else {
      let x = v;
      do {
        const q = Math.floor(x / 10);
        digits[n++] = x - q * 10;
        x = q;
      } while (x > 0);
    }
    while (n > 0) b[p++] = 48 + digits[--n];
    this.pos = p;
    return this;
  }

  private digits = new Uint8Array(24);

  /** Any text: escaped for COPY (backslash, tab, newline, carriage return), UTF-8. */
  text(s: string): this {
    if (NEEDS_ESCAPE.test(s)) s = s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    if (ASCII_ONLY.test(s)) return this.ascii(s);
    this.ensure(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
    return this;
  }

  textOrNull(s: string | null): this {
    return s === null ? this.ascii('\\N') : this.text(s);
  }

  intOrNull(v: number | null): this {
    return v === null ? this.ascii('\\N') : this.int(v);
  }

  bool(v: boolean): this {
    return this.ascii(v ? 't' : 'f');
  }

  /** A text[] literal: {"a","b"}. */
  array(items: readonly string[]): this {
    if (items.length === 0) return this.ascii('{}');
    return this.text(`{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`);
  }

  tab(): this {
    this.ensure(1);
    this.buf[this.pos++] = TAB;
    return this;
  }

  endRow(): this {
    this.ensure(1);
    this.buf[this.pos++] = NL;
    this.rows++;
    return this;
  }

  /** The bytes written so far (a copy), and an empty buffer for what follows. */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.pos));
    this.pos = 0;
    return out;
  }
}

type TableSpec = {
  table: string;
  columns: readonly string[];
  /** Writes this table's rows of one company. */
  write: (b: CompanyBundle, out: CopyBuffer) => void;
};

export const TABLES: readonly TableSpec[] = [
  {
    table: 'company',
    columns: ['cui', 'name', 'registration_code', 'euid', 'legal_form', 'county_id', 'locality_id', 'village', 'street',
      'street_number', 'postal_code', 'full_address', 'establishment_date', 'status_code', 'is_active', 'caen_code',
      'other_caen_codes', 'website', 'updated_at'],
    write: ({ company: c }, o) => {
      o.int(c.cui).tab().text(c.name).tab().ascii(c.registration_code).tab().ascii(c.euid).tab().ascii(c.legal_form).tab()
        .int(c.county_id).tab().int(c.locality_id).tab().textOrNull(c.village).tab().textOrNull(c.street).tab()
        .textOrNull(c.street_number).tab().textOrNull(c.postal_code).tab().text(c.full_address).tab()
        .ascii(c.establishment_date).tab().int(c.status_code).tab().bool(c.is_active).tab().ascii(c.caen_code).tab()
        .array(c.other_caen_codes).tab().textOrNull(c.website).tab().ascii(c.updated_at).endRow();
    },
  },
  {
    table: 'financial_year',
    columns: ['cui', 'year', 'caen_code', 'employees', 'net_turnover', 'total_income', 'total_expenses', 'gross_profit',
      'gross_loss', 'net_profit', 'net_loss', 'total_immobilised_assets', 'total_circulating_assets', 'stocks', 'receivables',
      'cash_and_bank', 'expenses_in_advance', 'debts', 'income_in_advance', 'provisions', 'total_capitals',
      'subscribed_capital', 'kingdom_heritage'],
    write: ({ years }, o) => {
      for (const y of years) {
        o.int(y.cui).tab().int(y.year).tab().ascii(y.caen_code).tab().int(y.employees).tab().int(y.net_turnover).tab()
          .int(y.total_income).tab().int(y.total_expenses).tab().int(y.gross_profit).tab().int(y.gross_loss).tab()
          .int(y.net_profit).tab().int(y.net_loss).tab().int(y.total_immobilised_assets).tab()
          .int(y.total_circulating_assets).tab().int(y.stocks).tab().int(y.receivables).tab().int(y.cash_and_bank).tab()
          .int(y.expenses_in_advance).tab().int(y.debts).tab().int(y.income_in_advance).tab().int(y.provisions).tab()
          .int(y.total_capitals).tab().int(y.subscribed_capital).tab().int(y.kingdom_heritage).endRow();
      }
    },
  },
  {
    table: 'company_status_event',
    columns: ['cui', 'status_code', 'event_date'],
    write: ({ statusEvents }, o) => {
      for (const e of statusEvents) o.int(e.cui).tab().int(e.status_code).tab().ascii(e.event_date).endRow();
    },
  },
  {
    table: 'contact',
    columns: ['cui', 'name', 'role', 'phone', 'email', 'created_at', 'updated_at'],
    write: ({ contacts }, o) => {
      for (const k of contacts) {
        o.int(k.cui).tab().textOrNull(k.name).tab().textOrNull(k.role).tab().textOrNull(k.phone).tab().textOrNull(k.email).tab()
          .ascii(DATA_TIMESTAMP).tab().ascii(DATA_TIMESTAMP).endRow();
      }
    },
  },
  {
    table: 'representative',
    columns: ['cui', 'name', 'role'],
    write: ({ representatives }, o) => {
      for (const r of representatives) o.int(r.cui).tab().text(r.name).tab().text(r.role).endRow();
    },
  },
  {
    table: 'social_media',
    columns: ['cui', 'platform', 'url'],
    write: ({ socialMedia }, o) => {
      for (const s of socialMedia) o.int(s.cui).tab().ascii(s.platform).tab().text(s.url).endRow();
    },
  },
  {
    table: 'tender',
    columns: ['notice_no', 'title', 'cpv_code', 'cpv_name', 'authority_cui', 'authority_name', 'supplier_cui', 'supplier_name',
      'estimated_value', 'final_value', 'publish_date', 'finish_date'],
    write: ({ tenders }, o) => {
      for (const t of tenders) {
        o.ascii(t.notice_no).tab().text(t.title).tab().ascii(t.cpv_code).tab().text(t.cpv_name).tab().int(t.authority_cui).tab()
          .text(t.authority_name).tab().int(t.supplier_cui).tab().text(t.supplier_name).tab().intOrNull(t.estimated_value).tab()
          .int(t.final_value).tab().ascii(t.publish_date).tab().ascii(t.finish_date).endRow();
      }
    },
  },
  {
    table: 'eu_project',
    columns: ['cui', 'code', 'name', 'start_date', 'end_date', 'total_cost', 'ec_contribution', 'urls', 'status_code', 'topic', 'objective'],
    write: ({ euProjects }, o) => {
      for (const p of euProjects) {
        o.int(p.cui).tab().ascii(p.code).tab().text(p.name).tab().ascii(p.start_date).tab().ascii(p.end_date).tab()
          .int(p.total_cost).tab().int(p.ec_contribution).tab().array(p.urls).tab().ascii(p.status_code).tab()
          .textOrNull(p.topic).tab().textOrNull(p.objective).endRow();
      }
    },
  },
];

export const LOADED_TABLES = TABLES.map((t) => t.table);

/** FREEZE: only in the transaction that created or truncated the table (bulk load). */
function copySql(spec: TableSpec, opts: { freeze?: boolean } = {}): string {
  return `COPY ${spec.table} (${spec.columns.join(', ')}) FROM STDIN${opts.freeze ? ' WITH (FREEZE)' : ''}`;
}

/** COPY bytes of every table for a set of companies, in ~1 MB chunks (demo seed: held in memory). */
export function bundlesToChunks(bundles: Iterable<CompanyBundle>): Map<string, { chunks: Buffer[]; rows: number }> {
  const out = new Map(TABLES.map((t) => [t.table, { chunks: [] as Buffer[], rows: 0, buf: new CopyBuffer() }]));
  for (const b of bundles) {
    for (const t of TABLES) {
      const o = out.get(t.table)!;
      t.write(b, o.buf);
      if (o.buf.pos > 900_000) o.chunks.push(o.buf.take());
    }
  }
  return new Map(
    [...out].map(([table, o]) => {
      if (o.buf.pos > 0) o.chunks.push(o.buf.take());
      return [table, { chunks: o.chunks, rows: o.buf.rows }];
    }),
  );
}

/** Runs one COPY on client with the given chunks. */
export async function copyChunks(client: pg.ClientBase, spec: TableSpec, chunks: Iterable<Buffer>): Promise<void> {
  const stream = client.query(copyFrom(copySql(spec)));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', () => resolve());
    stream.on('error', reject);
  });
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await new Promise<void>((r) => stream.once('drain', () => r()));
  }
  stream.end();
  await done;
}

/**
 * A COPY stream per table, fed in ~1 MB chunks with backpressure: the generator waits when
 * PostgreSQL falls behind, so memory stays flat whatever the set size.
 */
export class CopyWriter {
  readonly out = new CopyBuffer();
  private stream: Writable;
  private done: Promise<void>;

  constructor(client: pg.ClientBase, readonly spec: TableSpec, opts: { freeze?: boolean } = {}) {
    this.stream = client.query(copyFrom(copySql(spec, opts)));
    this.done = new Promise<void>((resolve, reject) => {
      this.stream.on('finish', () => resolve());
      this.stream.on('error', reject);
    });
    // An early COPY error surfaces at end() instead of as an unhandled rejection.
    this.done.catch(() => {});
  }

  get rows(): number {
    return this.out.rows;
  }

  write(b: CompanyBundle): void {
    this.spec.write(b, this.out);
  }

  /** Bytes produced elsewhere (a worker thread) for `rows` rows; resolves when the stream can take more. */
  writeChunk(chunk: Uint8Array, rows: number): Promise<void> | null {
    this.out.rows += rows;
    if (chunk.length === 0) return null;
    if (this.stream.write(chunk) || this.stream.writableLength < 16 << 20) return null;
    return new Promise<void>((r) => this.stream.once('drain', () => r()));
  }

  /** Sends the buffer once it is big enough; resolves when the stream can take more. */
  flushIfFull(): Promise<void> | null {
    if (this.out.pos < 900_000) return null;
    return this.flush();
  }

  private flush(): Promise<void> | null {
    if (this.out.pos === 0) return null;
    // Keep a few MB in flight so that generation and PostgreSQL overlap; wait beyond that.
    if (this.stream.write(this.out.take()) || this.stream.writableLength < 4 << 20) return null;
    return new Promise<void>((r) => this.stream.once('drain', () => r()));
  }

  async end(): Promise<void> {
    const wait = this.flush();
    if (wait) await wait;
    this.stream.end();
    await this.done;
  }
}
