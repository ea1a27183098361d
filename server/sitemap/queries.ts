// Sitemaps for every company page and every CAEN page, in files of at most 50,000 URLs. Company
// files are written by streaming: keyset batches over the primary key, never the whole table in
// memory. The index lists one file per 50,000 companies, named after the first CUI of the file.
import 'server-only';
import { companyPath, caenPath } from '@/lib/slug';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { listCaenClassCodes } from '../caen/queries';
import { absoluteUrl } from '../company/seo';

const URLS_PER_FILE = 50_000;
const BATCH = 5_000;
const BOUNDARIES_TTL_MS = 60 * 60_000;

let boundaries: { at: number; value: Promise<number[]> } | null = null;

/** First CUI of each company file (one index-only pass over the primary key, cached for an hour). */
function companyFileStarts(): Promise<number[]> {
  if (!boundaries || Date.now() - boundaries.at > BOUNDARIES_TTL_MS) {
    const value = sql<{ cui: number }>(
      `SELECT cui FROM (SELECT cui, row_number() OVER (ORDER BY cui) AS rn FROM company) s
        WHERE rn % $1 = 1 ORDER BY cui`,
      [URLS_PER_FILE],
    ).then((rows) => rows.map((r) => r.cui));
    boundaries = { at: Date.now(), value };
    value.catch(() => {
      boundaries = null;
    });
  }
  return boundaries.value;
}

export function resetSitemapCache() {
  boundaries = null;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export async function sitemapIndexXml(): Promise<string> {
  const starts = await companyFileStarts();
  const files = ['pages.xml', ...starts.map((s) => `companies-${s}.xml`)];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((f) => `<sitemap><loc>${xmlEscape(absoluteUrl(`/sitemaps/${f}`))}</loc></sitemap>`).join('\n') +
    '\n</sitemapindex>\n'
  );
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = '</urlset>\n';

/** The public pages: landing, search, find customers, the CAEN catalogue and every CAEN class. */
export async function pagesSitemapXml(): Promise<string> {
  const codes = await listCaenClassCodes();
  const paths = ['/', '/Cautare-avansata', '/Gaseste-clienti', '/Coduri-caen', ...codes.map((c) => caenPath(c))];
  return HEAD + paths.map((p) => `<url><loc>${xmlEscape(absoluteUrl(p))}</loc></url>`).join('\n') + '\n' + TAIL;
}

/**
 * One company file: up to 50,000 companies from `start` in CUI order, written in batches of 5,000
 * as the client reads (backpressure through the stream's pull).
 */
export function companySitemapStream(start: number): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let last = start - 1;
  let written = 0;
  let headSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headSent) {
          headSent = true;
          controller.enqueue(enc.encode(HEAD));
          return;
        }
        const want = Math.min(BATCH, URLS_PER_FILE - written);
        const rows =
          want > 0
            ? await sql<{ cui: number; name: string; lastmod: string }>(
                `SELECT cui, name, to_char(updated_at, 'YYYY-MM-DD') AS lastmod FROM company WHERE cui > $1 ORDER BY cui LIMIT $2`,
                [last, want],
              )
            : [];
        if (rows.length === 0) {
          controller.enqueue(enc.encode(TAIL));
          controller.close();
          return;
        }
        last = rows[rows.length - 1].cui;
        written += rows.length;
        controller.enqueue(
          enc.encode(rows.map((r) => `<url><loc>${xmlEscape(absoluteUrl(companyPath(r.cui, r.name)))}</loc><lastmod>${r.lastmod}</lastmod></url>\n`).join('')),
        );
      } catch (e) {
        controller.error(e);
      }
    },
  });
}
