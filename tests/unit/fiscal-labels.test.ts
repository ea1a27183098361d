// The words of the "Verificare fiscală" block: each status with its date, and what the block says
// before a first check, after a failed one, and for a CUI ANAF does not know.
import { checkedAtText, fiscalLines, fiscalNotice } from '@/lib/fiscal/labels';
import type { FiscalCheckDto } from '@/lib/fiscal/types';

const base: FiscalCheckDto = {
  Cui: 14,
  CheckedAt: '2026-11-29T06:15:00.000Z',
  Found: true,
  VatPayer: true,
  VatSince: '2011-03-01',
  VatEndedOn: null,
  VatOnCash: false,
  VatOnCashSince: null,
  SplitVat: false,
  SplitVatSince: null,
  Inactive: false,
  InactiveSince: null,
  ReactivatedOn: null,
  EFactura: true,
  EFacturaSince: '2024-01-01',
  ErrorAt: null,
  Error: null,
  IsStale: false,
};

it('each status in words, with its date', () => {
  expect(fiscalLines(base).map((l) => [l.label, l.value, l.tone])).toEqual([
    ['Plătitor de TVA', 'Da din 01.03.2011', 'good'],
    ['TVA la încasare', 'Nu', 'neutral'],
    ['TVA defalcat (split)', 'Nu', 'neutral'],
    ['Contribuabil inactiv', 'Nu', 'good'],
    ['Registrul RO e-Factura', 'Da din 01.01.2024', 'good'],
  ]);
  const cancelled = fiscalLines({ ...base, VatPayer: false, VatSince: null, VatEndedOn: '2026-11-15', Inactive: true, InactiveSince: '2026-10-01' });
  expect(cancelled[0]).toMatchObject({ value: 'Nu (înregistrare anulată la 15.11.2026)', tone: 'bad' });
  expect(cancelled[3]).toMatchObject({ value: 'Da din 01.10.2026', tone: 'bad' });
  expect(checkedAtText(base.CheckedAt!)).toBe('verificat la 29.11.2026 08:15');
  expect(fiscalNotice(base)).toBeNull();
});

it('never checked, failed, unknown to ANAF', () => {
  expect(fiscalNotice(null)).toMatch(/nu a fost verificată încă/);
  expect(fiscalLines({ ...base, CheckedAt: null })).toEqual([]);
  expect(fiscalNotice({ ...base, CheckedAt: null, Error: 'ANAF nu a răspuns la timp.', ErrorAt: '2026-11-29T06:00:00Z' })).toBe(
    'Verificarea la ANAF nu a putut fi făcută: ANAF nu a răspuns la timp. Se reia automat.',
  );
  expect(fiscalNotice({ ...base, Error: 'Serviciul ANAF este în mentenanță.', ErrorAt: '2026-11-29T07:00:00Z' })).toMatch(/^Ultima încercare de verificare a eșuat \(Serviciul ANAF este în mentenanță\.\); sunt afișate datele verificării anterioare\.$/);
  expect(fiscalNotice({ ...base, Found: false })).toMatch(/nu are înregistrat acest CUI/);
  expect(fiscalLines({ ...base, Found: false })).toEqual([]);
});
