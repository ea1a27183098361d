// The courts' portal answer (CautareDosare2) read from the stand-in's documented shape: cases,
// parties and roles, hearings, insolvency flagged, the company's role and its next hearing.
import { cautareDosare2Answer } from '../stand-ins/courts-portal';
import { buildCautareDosare2, isInsolvencyCase, matchCompanyParty, nextHearing, parseCautareDosare2, partyCui } from '@/server/fiscal/courts';

const answer = cautareDosare2Answer([
  {
    numar: '1234/3/2026',
    data: '2026-03-02',
    institutie: 'TribunalulBUCURESTI',
    categorieCaz: 'Insolventa',
    stadiuProcesual: 'Fond',
    obiect: 'procedura insolvenței - societăți cu răspundere limitată',
    parti: [
      { nume: 'ALFA & FIII S.R.L.', calitateParte: 'Debitor' },
      { nume: 'ANAF', calitateParte: 'Creditor' },
    ],
    sedinte: [
      { data: '2026-04-10', ora: '09:00', solutie: 'Amână cauza' },
      { data: '2026-12-15', ora: '10:30', solutie: '' },
    ],
  },
  { numar: '55/2/2025', data: '2025-01-10', institutie: 'CurteadeApelBUCURESTI', categorieCaz: 'Civil', stadiuProcesual: 'Apel', obiect: 'pretenții', parti: [{ nume: 'Alfa & Fiii SRL', calitateParte: 'Pârât' }], sedinte: [] },
]);

describe('CautareDosare2', () => {
  it('reads cases, parties and hearings, and flags insolvency', () => {
    const cases = parseCautareDosare2(answer);
    expect(cases.map((c) => [c.number, c.court, c.stage, isInsolvencyCase(c)])).toEqual([
      ['1234/3/2026', 'TribunalulBUCURESTI', 'Fond', true],
      ['55/2/2025', 'CurteadeApelBUCURESTI', 'Apel', false],
    ]);
    expect(cases[0].object).toBe('procedura insolvenței - societăți cu răspundere limitată');
    expect(matchCompanyParty(cases[0], { name: 'ALFA & FIII SRL', cui: 1 })).toEqual({ role: 'Debitor', match: 'name' });
    expect(matchCompanyParty(cases[1], { name: 'ALFA & FIII S.R.L.', cui: 1 })).toEqual({ role: 'Pârât', match: 'name' });
    expect(matchCompanyParty(cases[1], { name: 'BETA SRL', cui: 1 })).toBeNull();
    expect(nextHearing(cases[0], '2026-11-29')).toEqual({ date: '2026-12-15', hour: '10:30', solution: null });
    expect(nextHearing(cases[1], '2026-11-29')).toBeNull();
  });

  it('the request names the party, escaped; a DOCTYPE or broken XML is refused', () => {
    const r = buildCautareDosare2({ party: 'A & B <SRL>' });
    expect(r.soapAction).toBe('portalquery.just.ro/CautareDosare2');
    expect(r.body).toContain('<CautareDosare2 xmlns="portalquery.just.ro"><numeParte>A &amp; B &lt;SRL&gt;</numeParte></CautareDosare2>');
    expect(() => parseCautareDosare2('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow();
    expect(() => parseCautareDosare2('<a><b></a>')).toThrow();
  });
});

describe('matching a case to the company (decision 108)', () => {
  const kase = (parties: Array<{ name: string; role: string }>) => ({ number: '1/1/2026', date: null, court: 'T', object: '', stage: '', category: '', parties, hearings: [] });
  it('reads a fiscal code written in a party name, in its usual spellings, and nothing else', () => {
    expect(['ALFA SRL - CUI 123456', 'ALFA SRL (CIF RO123456)', 'Alfa SRL, cod fiscal 123456', 'ALFA SRL C.U.I. 123456', 'ALFA SRL CF: RO 123456'].map(partyCui)).toEqual([123456, 123456, 123456, 123456, 123456]);
    expect(['ALFA SRL', 'CFR MARFA SA', 'BETA CUI SRL', 'GAMA 2000 SRL'].map(partyCui)).toEqual([null, null, null, null]);
  });
  it('the CUI wins over the name; a party with another CUI is another company, even with the same name', () => {
    const company = { name: 'ALFA SRL', cui: 123 };
    expect(matchCompanyParty(kase([{ name: 'ALFA SRL', role: 'Pârât' }, { name: 'Alfa S.R.L. - CUI 123', role: 'Debitor' }]), company)).toEqual({ role: 'Debitor', match: 'cui' });
    expect(matchCompanyParty(kase([{ name: 'ALFA SRL (CIF RO124)', role: 'Debitor' }]), company)).toBeNull();
    expect(matchCompanyParty(kase([{ name: 'ALFA SRL (CIF RO124)', role: 'Debitor' }, { name: 'ALFA SRL', role: 'Creditor' }]), company)).toEqual({ role: 'Creditor', match: 'name' });
    // A different name carrying the company's CUI is still the company (renamed since).
    expect(matchCompanyParty(kase([{ name: 'VECHIUL NUME SRL - CUI 123', role: 'Intimat' }]), company)).toEqual({ role: 'Intimat', match: 'cui' });
  });
});
