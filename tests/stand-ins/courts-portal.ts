// A local stand-in of the courts' portal query service (portalquery.just.ro/query.asmx), operation
// CautareDosare2, built from its published WSDL: a SOAP 1.1 POST whose body names the party
// (numeParte); the answer lists Dosar elements with numar, data, institutie, departament,
// categorieCaz, stadiuProcesual, obiect, parti/DosarParte (nume, calitateParte) and
// sedinte/DosarSedinta (complet, data, ora, solutie, solutieSumar). Cases are given per party name.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInCase = {
  numar: string;
  data: string;
  institutie: string;
  categorieCaz: string;
  stadiuProcesual: string;
  obiect: string;
  parti: Array<{ nume: string; calitateParte: string }>;
  sedinte: Array<{ data: string; ora: string; solutie: string }>;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function cautareDosare2Answer(cases: StandInCase[]): string {
  const dosar = (c: StandInCase) =>
    `<Dosar><numar>${esc(c.numar)}</numar><numarVechi /><data>${c.data}T00:00:00</data><institutie>${esc(c.institutie)}</institutie>` +
    `<departament>Secția a II-a civilă</departament><categorieCaz>${esc(c.categorieCaz)}</categorieCaz><stadiuProcesual>${esc(c.stadiuProcesual)}</stadiuProcesual>` +
    `<obiect>${esc(c.obiect)}</obiect><dataModificare>${c.data}T00:00:00</dataModificare><categorieCazNume>${esc(c.categorieCaz)}</categorieCazNume><stadiuProcesualNume>${esc(c.stadiuProcesual)}</stadiuProcesualNume>` +
    `<parti>${c.parti.map((p) => `<DosarParte><nume>${esc(p.nume)}</nume><calitateParte>${esc(p.calitateParte)}</calitateParte></DosarParte>`).join('')}</parti>` +
    `<sedinte>${c.sedinte.map((s) => `<DosarSedinta><complet>C1</complet><data>${s.data}T00:00:00</data><ora>${s.ora}</ora><solutie>${esc(s.solutie)}</solutie><solutieSumar /><dataPronuntare /><documentSedinta /><numarDocument /><dataDocument /></DosarSedinta>`).join('')}</sedinte>` +
    `<caiAtac /></Dosar>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body><CautareDosare2Response xmlns="portalquery.just.ro"><CautareDosare2Result>${cases.map(dosar).join('')}</CautareDosare2Result></CautareDosare2Response></soap:Body></soap:Envelope>`
  );
}

export type CourtsStandIn = { url: string; calls: Array<{ at: number; party: string; soapAction: string }>; cases: Map<string, StandInCase[]>; delayMs: number; close(): Promise<void> };

/**
 * The demo's cases of a company: every eleventh has an insolvency case (the debtor written with its
 * CUI, as some courts do), every seventh a claim (the name alone), every thirteenth a case of a
 * namesake (the same name with another CUI, which the app must leave out).
 */
export function demoCases(cui: number, name: string): StandInCase[] {
  const out: StandInCase[] = [];
  if (cui % 11 === 0) {
    out.push({ numar: `${cui % 9000}/3/2026`, data: '2026-03-02', institutie: 'TribunalulBUCURESTI', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'procedura insolvenței - societăți cu răspundere limitată', parti: [{ nume: `${name} - CUI ${cui}`, calitateParte: 'Debitor' }, { nume: 'ANAF', calitateParte: 'Creditor' }], sedinte: [{ data: '2027-02-15', ora: '09:00', solutie: '' }] });
  }
  if (cui % 13 === 0) {
    out.push({ numar: `${cui % 5000}/1285/2026`, data: '2026-05-20', institutie: 'TribunalulSpecializatCLUJ', categorieCaz: 'Insolventa', stadiuProcesual: 'Fond', obiect: 'faliment', parti: [{ nume: `${name} (CIF RO${cui + 1})`, calitateParte: 'Debitor' }], sedinte: [] });
  }
  if (cui % 7 === 0) {
    out.push({ numar: `${cui % 7000}/299/2025`, data: '2025-06-10', institutie: 'JudecatoriaSECTORUL1BUCURESTI', categorieCaz: 'Civil', stadiuProcesual: 'Fond', obiect: 'pretenții', parti: [{ nume: 'ALT CLIENT SRL', calitateParte: 'Reclamant' }, { nume: name, calitateParte: 'Pârât' }], sedinte: [{ data: '2025-09-01', ora: '10:00', solutie: 'Admite în parte' }] });
  }
  return out;
}

export async function startCourtsStandIn(opts: { port?: number; casesOf?: (party: string) => Promise<StandInCase[]> } = {}): Promise<CourtsStandIn> {
  const state: CourtsStandIn = { url: '', calls: [], cases: new Map(), delayMs: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const party = /<numeParte>([^<]*)<\/numeParte>/.exec(body)?.[1] ?? '';
        state.calls.push({ at: Date.now(), party, soapAction: String(req.headers.soapaction ?? '') });
        if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
        if (res.destroyed) return;
        if (req.method !== 'POST' || !req.url?.startsWith('/query.asmx')) {
          res.writeHead(404).end();
          return;
        }
        const unescaped = party.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
        const cases = state.cases.get(unescaped) ?? (opts.casesOf ? await opts.casesOf(unescaped) : []);
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(cautareDosare2Answer(cases));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', () => r()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/query.asmx`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return state;
}
