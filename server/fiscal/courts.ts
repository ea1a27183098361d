// The courts' portal query service (the Ministry of Justice's portalquery.just.ro/query.asmx), its
// SOAP operation CautareDosare2: cases by party name (and optionally court and dates), each with
// its number, date, court, object, procedural stage, category, parties with their roles and
// hearings. Free, one query at a time, no bulk. This module builds the request, reads the answer
// (saxes, no DOCTYPE, no entity expansion) and calls the service in the deployment's shared turn
// of that service (server/kernel/call-budget.ts). The company page shows what court-cases.ts stored.
import 'server-only';
import { CUI_DIGITS_SOURCE, parseCui } from '@/lib/cui';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { env } from '../kernel/env';
import { acquireCallTurn, releaseCallTurn } from '../kernel/call-budget';
import { FiscalUnavailableError, anafVatUrl } from './anaf-client';
import { readBoundedText } from '../kernel/bounded-response';

const COURTS_REAL_URL = 'http://portalquery.just.ro/query.asmx';
export const COURTS_BUDGET_KEY = 'courts:portal';
const NS = 'portalquery.just.ro';

type CourtParty = { name: string; role: string };
export type CourtHearing = { date: string | null; hour: string | null; solution: string | null };
export type CourtCase = {
  number: string;
  date: string | null;
  court: string;
  object: string;
  stage: string;
  category: string;
  parties: CourtParty[];
  hearings: CourtHearing[];
};

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The portal's address: COURTS_PORTAL_URL when set; where ANAF's is the local stand-in (a loopback
 * instance), the courts' stand-in beside it (port + 1); otherwise the real portal.
 */
function courtsPortalUrl(): string {
  if (env.COURTS_PORTAL_URL) return env.COURTS_PORTAL_URL;
  const anaf = new URL(anafVatUrl());
  return !env.ANAF_VAT_URL && anaf.hostname === '127.0.0.1' ? `http://127.0.0.1:${env.ANAF_STAND_IN_PORT + 1}/query.asmx` : COURTS_REAL_URL;
}

/** The SOAP 1.1 request of CautareDosare2 for a party's name (dates YYYY-MM-DD). */
export function buildCautareDosare2(q: { party: string; court?: string; from?: string; to?: string }): { body: string; soapAction: string } {
  const field = (name: string, v?: string) => (v ? `<${name}>${xmlText(v)}</${name}>` : '');
  const body =
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
    `<CautareDosare2 xmlns="${NS}">${field('numeParte', q.party)}${field('institutie', q.court)}` +
    `${field('dataStart', q.from ? `${q.from}T00:00:00` : undefined)}${field('dataStop', q.to ? `${q.to}T23:59:59` : undefined)}</CautareDosare2>` +
    `</soap:Body></soap:Envelope>`;
  return { body, soapAction: `${NS}/CautareDosare2` };
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
const day = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/** The cases of a CautareDosare2 answer; throws on XML that is not well formed or has a DOCTYPE. */
export function parseCautareDosare2(xml: string): CourtCase[] {
  const parser = new SaxesParser({ xmlns: false });
  const cases: CourtCase[] = [];
  const path: string[] = [];
  let text = '';
  let current: Record<string, string> = {};
  let item: Record<string, string> = {};
  let parties: CourtParty[] = [];
  let hearings: CourtHearing[] = [];
  let failure: Error | null = null;
  parser.on('doctype', () => {
    failure ??= new Error('răspuns cu DOCTYPE refuzat');
  });
  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('opentag', (t: SaxesTagPlain) => {
    const name = local(t.name);
    path.push(name);
    text = '';
    if (name === 'Dosar') {
      current = {};
      parties = [];
      hearings = [];
    }
    if (name === 'DosarParte' || name === 'DosarSedinta') item = {};
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (t: SaxesTagPlain) => {
    const name = local(t.name);
    path.pop();
    const parent = path[path.length - 1];
    if (parent === 'Dosar') current[name] = text.trim();
    else if (parent === 'DosarParte' || parent === 'DosarSedinta') item[name] = text.trim();
    if (name === 'DosarParte') parties.push({ name: item.nume ?? '', role: item.calitateParte ?? '' });
    if (name === 'DosarSedinta') hearings.push({ date: day(item.data), hour: item.ora || null, solution: item.solutie || null });
    if (name === 'Dosar') {
      cases.push({
        number: current.numar ?? '',
        date: day(current.data),
        court: current.institutie ?? '',
        object: current.obiect ?? '',
        stage: current.stadiuProcesual ?? '',
        category: current.categorieCaz ?? '',
        parties,
        hearings,
      });
    }
    text = '';
  });
  parser.write(xml).close();
  if (failure) throw failure;
  return cases;
}

/** Insolvency proceedings: the portal names them in the case's category or object. */
export const isInsolvencyCase = (c: CourtCase) => /insolven|faliment|reorganizare judiciar/i.test(`${c.category} ${c.object}`);

// "S.R.L." and "SRL", "Fiii" and "FIII" name the same party.
const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\./g, '').replace(/[^A-Z0-9]+/g, ' ').trim();

// A fiscal code written into a party's name ("X SRL - CUI 123", "X SRL (CIF RO123)", "cod fiscal
// 123"): the portal's DosarParte has no field for it, but some courts write it there.
const PARTY_CUI = new RegExp(String.raw`[\s,;(\-–]*\b(?:C\.?\s?U\.?\s?I|C\.?\s?I\.?\s?F|COD\s+FISCAL|C\.?\s?F)\.?\s*:?\s*(?:RO\s*)?(${CUI_DIGITS_SOURCE})\b\)?`, 'i');

/** The fiscal code a party's name carries, or null. */
export function partyCui(name: string): number | null {
  const m = PARTY_CUI.exec(name);
  return m ? parseCui(m[1]) : null;
}

/** How a case was tied to the company: its CUI in the party's name, or the party's name alone (a namesake can share it). */
export type CaseMatch = 'cui' | 'name';

/**
 * The company's party in a case and how it was matched, or null (decision 108). A party whose name
 * carries the company's CUI wins; a party whose name carries another CUI is another company, even
 * with the same name; otherwise a party with the same name (letters and digits) is taken, and the
 * page says the match is by name only.
 */
export function matchCompanyParty(c: CourtCase, company: { name: string; cui: number }): { role: string; match: CaseMatch } | null {
  const want = norm(company.name);
  let byName: string | null = null;
  for (const p of c.parties) {
    const code = partyCui(p.name);
    if (code === company.cui) return { role: p.role, match: 'cui' };
    if (code === null && byName === null && norm(p.name) === want) byName = p.role;
  }
  return byName === null ? null : { role: byName, match: 'name' };
}


/** The first hearing on or after `today` (YYYY-MM-DD), or null. */
export function nextHearing(c: CourtCase, today: string): CourtHearing | null {
  return c.hearings.filter((h) => h.date && h.date >= today).sort((a, b) => a.date!.localeCompare(b.date!))[0] ?? null;
}

/**
 * The cases naming a party, in the portal's shared rate; a timeout or an error answer throws
 * FiscalUnavailableError with a Romanian message (the caller keeps what it had).
 */
export async function searchCourtCases(party: string, opts: { url?: string; timeoutMs?: number; maxWaitMs?: number; intervalMs?: number } = {}): Promise<CourtCase[]> {
  const timeoutMs = opts.timeoutMs ?? env.ANAF_TIMEOUT_MS;
  const turn = await acquireCallTurn(COURTS_BUDGET_KEY, timeoutMs + 5000, opts.maxWaitMs ?? 30_000);
  if (!turn) throw new FiscalUnavailableError('Prea multe interogări în așteptare la portalul instanțelor.');
  try {
    return await queryPortal(party, opts.url ?? courtsPortalUrl(), timeoutMs);
  } finally {
    await releaseCallTurn(COURTS_BUDGET_KEY, turn, opts.intervalMs ?? env.COURTS_CALL_INTERVAL_MS);
  }
}

async function queryPortal(party: string, url: string, timeoutMs: number): Promise<CourtCase[]> {
  const { body, soapAction } = buildCautareDosare2({ party });
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${soapAction}"` },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new FiscalUnavailableError(`Portalul instanțelor a răspuns cu o eroare (HTTP ${res.status}).`);
    return parseCautareDosare2(await readBoundedText(res, 4 * 1024 * 1024));
  } catch (e) {
    if (e instanceof FiscalUnavailableError) throw e;
    if ((e as { name?: string })?.name === 'TimeoutError') throw new FiscalUnavailableError('Portalul instanțelor nu a răspuns la timp.');
    throw new FiscalUnavailableError('Portalul instanțelor nu poate fi consultat acum.');
  }
}
