// The courts' portal answer (CautareDosare2) read from the stand-in's documented shape: cases,
// parties and roles, hearings, insolvency flagged, the company's role and its next hearing.
import { cautareDosare2Answer } from '../stand-ins/courts-portal';
import { buildCautareDosare2, companyRole, isInsolvencyCase, nextHearing, parseCautareDosare2 } from '@/server/fiscal/courts';

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
    expect(companyRole(cases[0], 'ALFA & FIII SRL')).toBe('Debitor');
    expect(companyRole(cases[1], 'ALFA & FIII S.R.L.')).toBe('Pârât');
    expect(companyRole(cases[1], 'BETA SRL')).toBeNull();
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
