// Generated companies → PostgreSQL COPY text lines, and the writers that send them: one COPY per
// table on its own connection (bulk load) or buffered lines replayed on one connection inside a
// transaction (demo seed). Used by prepare.ts and large.ts.
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { CompanyBundle } from './generator';

/** Fixed timestamps of the generated rows that have no business date, so that runs are identical. */
const DATA_TIMESTAMP = '2025-07-01 00:00:00';

function esc(s: string): string {
  // COPY text format: backslash, tab, newline and carriage return must be escaped.
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}

function str(s: string | null): string {
  return s === null ? '\\N' : esc(s);
}

function num(n: number | null): string {
  return n === null ? '\\N' : String(n);
}

function arr(items: readonly string[]): string {
  if (items.length === 0) return '{}';
  return esc(`{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`);
}

export type TableSpec = {
  table: string;
  columns: readonly string[];
  /** Appends this table's lines for one company to out. */
  lines: (b: CompanyBundle, out: string[]) => void;
};

export const TABLES: readonly TableSpec[] = [
  {
    table: 'company',
    columns: ['cui', 'name', 'registration_code', 'euid', 'legal_form', 'county_id', 'locality_id', 'village', 'street',
      'street_number', 'postal_code', 'full_address', 'establishment_date', 'status_code', 'is_active', 'caen_code',
      'other_caen_codes', 'website', 'updated_at'],
    lines: ({ company: c }, out) => {
      out.push(
        `${c.cui}\t${esc(c.name)}\t${c.registration_code}\t${c.euid}\t${c.legal_form}\t${c.county_id}\t${c.locality_id}\t${str(c.village)}\t${str(c.street)}\t${str(c.street_number)}\t${str(c.postal_code)}\t${esc(c.full_address)}\t${c.establishment_date}\t${c.status_code}\t${c.is_active ? 't' : 'f'}\t${c.caen_code}\t${arr(c.other_caen_codes)}\t${str(c.website)}\t${c.updated_at}\n`,
      );
    },
  },
  {
    table: 'financial_year',
    columns: ['cui', 'year', 'caen_code', 'employees', 'net_turnover', 'total_income', 'total_expenses', 'gross_profit',
      'gross_loss', 'net_profit', 'net_loss', 'total_immobilised_assets', 'total_circulating_assets', 'stocks', 'receivables',
      'cash_and_bank', 'expenses_in_advance', 'debts', 'income_in_advance', 'provisions', 'total_capitals',
      'subscribed_capital', 'kingdom_heritage'],
    lines: ({ years }, out) => {
      for (const y of years) {
        out.push(
          `${y.cui}\t${y.year}\t${y.caen_code}\t${y.employees}\t${y.net_turnover}\t${y.total_income}\t${y.total_expenses}\t${y.gross_profit}\t${y.gross_loss}\t${y.net_profit}\t${y.net_loss}\t${y.total_immobilised_assets}\t${y.total_circulating_assets}\t${y.stocks}\t${y.receivables}\t${y.cash_and_bank}\t${y.expenses_in_advance}\t${y.debts}\t${y.income_in_advance}\t${y.provisions}\t${y.total_capitals}\t${y.subscribed_capital}\t${y.kingdom_heritage}\n`,
        );
      }
    },
  },
  {
    table: 'company_status_event',
    columns: ['cui', 'status_code', 'event_date'],
    lines: ({ statusEvents }, out) => {
      for (const e of statusEvents) out.push(`${e.cui}\t${e.status_code}\t${e.event_date}\n`);
    },
  },
  {
    table: 'contact',
    columns: ['cui', 'name', 'role', 'phone', 'email', 'created_at', 'updated_at'],
    lines: ({ contacts }, out) => {
      for (const k of contacts) {
        out.push(`${k.cui}\t${str(k.name)}\t${str(k.role)}\t${str(k.phone)}\t${str(k.email)}\t${DATA_TIMESTAMP}\t${DATA_TIMESTAMP}\n`);
      }
    },
  },
  {
    table: 'representative',
    columns: ['cui', 'name', 'role'],
    lines: ({ representatives }, out) => {
      for (const r of representatives) out.push(`${r.cui}\t${esc(r.name)}\t${esc(r.role)}\n`);
    },
  },
  {
    table: 'social_media',
    columns: ['cui', 'platform', 'url'],
    lines: ({ socialMedia }, out) => {
      for (const s of socialMedia) out.push(`${s.cui}\t${s.platform}\t${esc(s.url)}\n`);
    },
  },
  {
    table: 'tender',
    columns: ['notice_no', 'title', 'cpv_code', 'cpv_name', 'authority_cui', 'authority_name', 'supplier_cui', 'supplier_name',
      'estimated_value', 'final_value', 'publish_date', 'finish_date'],
    lines: ({ tenders }, out) => {
      for (const t of tenders) {
        out.push(
          `${t.notice_no}\t${esc(t.title)}\t${t.cpv_code}\t${esc(t.cpv_name)}\t${t.authority_cui}\t${esc(t.authority_name)}\t${t.supplier_cui}\t${esc(t.supplier_name)}\t${num(t.estimated_value)}\t${t.final_value}\t${t.publish_date}\t${t.finish_date}\n`,
        );
      }
    },
  },
  {
    table: 'eu_project',
    columns: ['cui', 'code', 'name', 'start_date', 'end_date', 'total_cost', 'ec_contribution', 'urls', 'status_code', 'topic', 'objective'],
    lines: ({ euProjects }, out) => {
      for (const p of euProjects) {
        out.push(
          `${p.cui}\t${p.code}\t${esc(p.name)}\t${p.start_date}\t${p.end_date}\t${p.total_cost}\t${p.ec_contribution}\t${arr(p.urls)}\t${p.status_code}\t${str(p.topic)}\t${str(p.objective)}\n`,
        );
      }
    },
  },
];

export const LOADED_TABLES = TABLES.map((t) => t.table);

export function copySql(spec: TableSpec): string {
  return `COPY ${spec.table} (${spec.columns.join(', ')}) FROM STDIN`;
}

/** Lines of every table for a set of companies (demo seed: small enough to hold in memory). */
export function bundlesToLines(bundles: Iterable<CompanyBundle>): Map<string, string[]> {
  const out = new Map(TABLES.map((t) => [t.table, [] as string[]]));
  for (const b of bundles) for (const t of TABLES) t.lines(b, out.get(t.table)!);
  return out;
}

/** Runs one COPY on client with the given text chunks. */
export async function copyChunks(client: pg.ClientBase, spec: TableSpec, chunks: Iterable<string>): Promise<void> {
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
 * A COPY stream per table, fed in ~256 KB chunks with backpressure: the generator pauses when
 * PostgreSQL falls behind, so memory stays flat whatever the set size.
 */
export class CopyWriter {
  private stream: Writable;
  private buf: string[] = [];
  private size = 0;
  private done: Promise<void>;
  rows = 0;

  constructor(client: pg.ClientBase, readonly spec: TableSpec) {
    this.stream = client.query(copyFrom(copySql(spec)));
    this.done = new Promise<void>((resolve, reject) => {
      this.stream.on('finish', () => resolve());
      this.stream.on('error', reject);
    });
    // Surface an early COPY error on the pending promise instead of an unhandled rejection.
    this.done.catch(() => {});
  }

  /** Appends lines; resolves immediately unless the stream needs to drain. */
  push(lines: string[]): Promise<void> | null {
    for (const l of lines) {
      this.buf.push(l);
      this.size += l.length;
    }
    this.rows += lines.length;
    if (this.size < 256 * 1024) return null;
    return this.flush();
  }

  private flush(): Promise<void> | null {
    if (this.buf.length === 0) return null;
    const chunk = this.buf.join('');
    this.buf = [];
    this.size = 0;
    if (this.stream.write(chunk)) return null;
    return new Promise<void>((r) => this.stream.once('drain', () => r()));
  }

  async end(): Promise<void> {
    const wait = this.flush();
    if (wait) await wait;
    this.stream.end();
    await this.done;
  }
}
