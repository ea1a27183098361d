// A local stand-in of ANAF's VAT-payer service (PlatitorTvaRest v9), built from its documented
// contract: POST <base>/api/PlatitorTvaRest/v9/tva with a JSON array [{cui, data}] of at most 100
// CUIs; the answer {cod: 200, message: "SUCCESS", found: [...], notFound: [...]}, each found entry
// with date_generale, inregistrare_scop_Tva, inregistrare_RTVAI, stare_inactiv,
// inregistrare_SplitTVA, adresa_sediu_social and adresa_domiciliu_fiscal. Used by the integration
// tests (counting calls, slow, failing, 429, maintenance) and by the demo (`npm start`), which runs
// it with the demo companies' names (tests/stand-ins/anaf-vat-server.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const STAND_IN_PATH = '/api/PlatitorTvaRest/v9/tva';

type StandInMode = 'ok' | 'fail' | 'rate-limited' | 'maintenance' | 'garbage';

/** What the stand-in says of one CUI; null: not found. */
export type StandInFacts = {
  name: string;
  address: string;
  vatPayer: boolean;
  vatSince: string;
  vatEndedOn: string | null;
  vatOnCash: boolean;
  splitVat: boolean;
  inactive: boolean;
  inactiveSince: string | null;
  eFactura: boolean;
  eFacturaSince: string | null;
};

/**
 * The demo's facts of a CUI, the same on every run: most companies pay VAT and are in RO e-Factura;
 * every fifth is not a VAT payer (its registration ended), every seventh pays VAT on cash, every
 * thirteenth is inactive.
 */
export function demoFacts(cui: number, name = `FIRMA ${cui} SRL`, address = 'MUN. BUCUREȘTI'): StandInFacts {
  const year = 2005 + (cui % 17);
  const month = String(1 + (cui % 12)).padStart(2, '0');
  const vatPayer = cui % 5 !== 0;
  const inactive = cui % 13 === 0;
  return {
    name,
    address,
    vatPayer,
    vatSince: `${year}-${month}-01`,
    vatEndedOn: vatPayer ? null : `${Math.min(2025, year + 6)}-${month}-15`,
    vatOnCash: vatPayer && cui % 7 === 0,
    splitVat: false,
    inactive,
    inactiveSince: inactive ? `2024-${month}-10` : null,
    eFactura: cui % 3 !== 0 || vatPayer,
    eFacturaSince: cui % 3 !== 0 || vatPayer ? '2024-01-01' : null,
  };
}

/** One found entry as ANAF writes it (every date a string, "" when there is none). */
export function anafEntry(cui: number, date: string, f: StandInFacts): Record<string, unknown> {
  return {
    date_generale: {
      cui,
      data: date,
      denumire: f.name,
      adresa: f.address,
      nrRegCom: '',
      telefon: '',
      fax: '',
      codPostal: '',
      act: '',
      stare_inregistrare: 'INREGISTRAT din data 01.01.2005',
      data_inregistrare: '2005-01-01',
      cod_CAEN: '',
      iban: '',
      statusRO_e_Factura: f.eFactura,
      data_inreg_Reg_RO_e_Factura: f.eFacturaSince ?? '',
      organFiscalCompetent: '',
      forma_de_proprietate: '',
      forma_organizare: '',
      forma_juridica: '',
    },
    inregistrare_scop_Tva: {
      scpTVA: f.vatPayer,
      perioade_TVA: f.vatPayer
        ? [{ data_inceput_ScpTVA: f.vatSince, data_sfarsit_ScpTVA: '', data_anul_imp_ScpTVA: '', mesaj_ScpTVA: '' }]
        : [{ data_inceput_ScpTVA: f.vatSince, data_sfarsit_ScpTVA: f.vatEndedOn ?? '', data_anul_imp_ScpTVA: f.vatEndedOn ?? '', mesaj_ScpTVA: 'anulare' }],
    },
    inregistrare_RTVAI: {
      dataInceputTvaInc: f.vatOnCash ? f.vatSince : '',
      dataSfarsitTvaInc: '',
      dataActualizareTvaInc: '',
      dataPublicareTvaInc: '',
      tipActTvaInc: '',
      statusTvaIncasare: f.vatOnCash,
    },
    stare_inactiv: {
      dataInactivare: f.inactiveSince ?? ' ',
      dataReactivare: ' ',
      dataPublicare: ' ',
      dataRadiere: ' ',
      statusInactivi: f.inactive,
    },
    inregistrare_SplitTVA: { dataInceputSplitTVA: '', dataAnulareSplitTVA: '', statusSplitTVA: f.splitVat },
    adresa_sediu_social: { sdenumire_Strada: '', snumar_Strada: '', sdenumire_Localitate: '', sdenumire_Judet: '', stara: 'România' },
    adresa_domiciliu_fiscal: { ddenumire_Strada: '', dnumar_Strada: '', ddenumire_Localitate: '', ddenumire_Judet: '', dtara: 'România' },
  };
}

export type AnafStandIn = {
  /** The full address of the service (ANAF_VAT_URL). */
  url: string;
  /** Every call that reached it: arrival time (ms) and the CUIs asked about. */
  calls: Array<{ at: number; cuis: number[] }>;
  mode: StandInMode;
  /** Milliseconds before each answer (a slow service). */
  delayMs: number;
  /** Facts that replace the default ones for a CUI (null: not found). */
  overrides: Map<number, StandInFacts | null>;
  close(): Promise<void>;
};

/**
 * Starts the stand-in on 127.0.0.1. `facts`: what it says of a CUI (default: demoFacts for every
 * CUI); may be async (the demo reads the company's name from the database).
 */
export async function startAnafStandIn(opts: { port?: number; facts?: (cui: number) => StandInFacts | null | Promise<StandInFacts | null> } = {}): Promise<AnafStandIn> {
  const factsOf = opts.facts ?? ((cui: number) => demoFacts(cui));
  const sockets = new Set<import('node:net').Socket>();
  const state: AnafStandIn = {
    url: '',
    calls: [],
    mode: 'ok',
    delayMs: 0,
    overrides: new Map(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url?.split('?')[0] !== STAND_IN_PATH) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          return;
        }
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ cod: 400, message: 'JSON invalid' }));
          return;
        }
        const asked = Array.isArray(body) ? body : [];
        const cuis = asked.map((x) => Number((x as { cui?: unknown })?.cui)).filter((n) => Number.isSafeInteger(n) && n > 0);
        state.calls.push({ at: Date.now(), cuis });
        if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
        if (res.destroyed) return;
        if (state.mode === 'fail') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        if (state.mode === 'rate-limited') {
          res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '2' }).end('Too Many Requests');
          return;
        }
        if (state.mode === 'maintenance') {
          res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '3' }).end('<html><body>Serviciu în mentenanță</body></html>');
          return;
        }
        if (state.mode === 'garbage') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Pagină de mentenanță</body></html>');
          return;
        }
        if (!Array.isArray(body) || asked.length === 0 || asked.length > 100) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cod: 400, message: 'Lista trebuie să aibă între 1 și 100 de CUI-uri', found: [], notFound: [] }));
          return;
        }
        const found: unknown[] = [];
        const notFound: number[] = [];
        for (const item of asked as Array<{ cui?: unknown; data?: unknown }>) {
          const cui = Number(item.cui);
          const date = typeof item.data === 'string' ? item.data : '';
          const f = state.overrides.has(cui) ? state.overrides.get(cui)! : await factsOf(cui);
          if (f) found.push(anafEntry(cui, date, f));
          else notFound.push(cui);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cod: 200, message: 'SUCCESS', found, notFound }));
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${STAND_IN_PATH}`;
  return state;
}
