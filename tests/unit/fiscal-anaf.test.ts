// ANAF's VAT-payer answer read from the documented v9 shape, the retry delays, the circuit breaker
// and the change facts between two answers.
import { anafEntry, demoFacts } from '../stand-ins/anaf-vat';
import { AnafFormatError, anafDate, buildVatRequest, parseVatAnswer } from '@/server/fiscal/anaf-parse';
import { CircuitBreaker, backoffDelay, chunk, parseRetryAfter } from '@/server/fiscal/resilience';
import { diffFiscal } from '@/server/fiscal/store';

const answer = (found: unknown[], notFound: unknown[] = []) => ({ cod: 200, message: 'SUCCESS', found, notFound });

describe('parseVatAnswer (PlatitorTvaRest v9)', () => {
  it('reads VAT since, VAT on cash, split VAT, inactive and e-Factura with their dates', () => {
    const f = { ...demoFacts(14), vatPayer: true, vatSince: '2011-03-01', vatOnCash: true, inactive: true, inactiveSince: '2024-05-10', eFactura: true, eFacturaSince: '2024-01-01' };
    const r = parseVatAnswer(answer([anafEntry(14, '2026-11-29', f)], [99]));
    expect(r.notFound).toEqual([99]);
    expect(r.found).toEqual([
      {
        cui: 14,
        vatPayer: true,
        vatSince: '2011-03-01',
        vatEndedOn: null,
        vatOnCash: true,
        vatOnCashSince: '2011-03-01',
        splitVat: false,
        splitVatSince: null,
        inactive: true,
        inactiveSince: '2024-05-10',
        reactivatedOn: null,
        eFactura: true,
        eFacturaSince: '2024-01-01',
        name: f.name,
        address: f.address,
      },
    ]);
  });

  it('a cancelled VAT registration: not a payer, with the end of its last period', () => {
    const r = parseVatAnswer(answer([anafEntry(10, '2026-11-29', { ...demoFacts(10), vatPayer: false, vatSince: '2010-01-01', vatEndedOn: '2019-06-15' })]));
    expect(r.found[0]).toMatchObject({ vatPayer: false, vatSince: null, vatEndedOn: '2019-06-15' });
  });

  it('missing sections and blank dates count as no, never as yes', () => {
    const r = parseVatAnswer(answer([{ date_generale: { cui: '77', denumire: 'X SRL', statusRO_e_Factura: 'maybe' }, stare_inactiv: { statusInactivi: 1, dataInactivare: ' ' } }]));
    expect(r.found[0]).toMatchObject({ cui: 77, vatPayer: false, inactive: false, inactiveSince: null, eFactura: false, vatOnCash: false, splitVat: false });
  });

  it('an answer without the documented form, or with another cod, is an error', () => {
    expect(() => parseVatAnswer('<html>mentenanță</html>')).toThrow(AnafFormatError);
    expect(() => parseVatAnswer({ cod: 500, message: 'Eroare' })).toThrow(/codul 500: Eroare/);
    expect(anafDate(' ')).toBeNull();
    expect(anafDate('2024-02-30x')).toBeNull();
    expect(buildVatRequest([1, 2], '2026-11-29')).toEqual([{ cui: 1, data: '2026-11-29' }, { cui: 2, data: '2026-11-29' }]);
  });
});

describe('retries and the breaker', () => {
  it('backoff doubles up to the cap, with jitter in the upper half of the window, and yields to Retry-After', () => {
    const o = { baseMs: 1000, capMs: 8000 };
    expect(backoffDelay(1, o, () => 0)).toBe(500);
    expect(backoffDelay(1, o, () => 1)).toBe(1000);
    expect(backoffDelay(3, o, () => 1)).toBe(4000);
    expect(backoffDelay(10, o, () => 1)).toBe(8000);
    expect(backoffDelay(1, { ...o, retryAfterMs: 5000 }, () => 0)).toBe(5000);
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('mâine')).toBeNull();
  });

  it('opens after N failures, refuses during the cooldown, lets one trial through, closes on success', () => {
    let now = 0;
    const b = new CircuitBreaker({ failures: 3, cooldownMs: 1000 }, () => now);
    b.fail();
    b.fail();
    expect(b.allow()).toBe(true);
    b.fail();
    expect(b.state).toBe('open');
    expect(b.allow()).toBe(false);
    now = 999;
    expect(b.retryInMs()).toBe(1);
    now = 1000;
    expect(b.allow()).toBe(true);
    expect(b.allow()).toBe(false);
    b.fail();
    expect(b.state).toBe('open');
    now = 2000;
    expect(b.allow()).toBe(true);
    b.succeed();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
  });

  it('cuts a list into calls of at most 100 CUIs', () => {
    const cuis = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(chunk(cuis, 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });
});

describe('change facts', () => {
  const next = (o: Partial<ReturnType<typeof parseVatAnswer>['found'][number]>) => ({ ...parseVatAnswer(answer([anafEntry(5, 'x', demoFacts(6))])).found[0], ...o });
  it('VAT cancelled, became inactive, left e-Factura', () => {
    const kinds = diffFiscal({ vat_payer: true, inactive: false, e_factura: true }, next({ vatPayer: false, vatEndedOn: '2026-11-01', inactive: true, eFactura: false }));
    expect(kinds.map((k) => [k.kind, k.newValue])).toEqual([
      ['vat', 'înregistrare anulată (2026-11-01)'],
      ['inactive', 'Da'],
      ['efactura', 'Nu (ieșită din registru)'],
    ]);
    expect(diffFiscal({ vat_payer: true, inactive: false, e_factura: true }, next({ vatPayer: true, inactive: false, eFactura: true }))).toEqual([]);
  });
});
