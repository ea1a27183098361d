import { caenPath, companyPath, padCaenCode, slugToTitle, slugify } from '@/lib/slug';

describe('slugify', () => {
  it('applies the slug rule to a name with Romanian diacritics and quotes', () => {
    expect(slugify('ȘCOALA GIMNAZIALĂ „Ion Creangă” S.R.L.')).toBe('scoala-gimnaziala-ion-creanga-s-r-l-');
  });

  it('keeps the dash of a trailing or leading run, as the documented rule gives it', () => {
    expect(slugify('STANCU PROD COM S.R.L.')).toBe('stancu-prod-com-s-r-l-');
    expect(slugify('DEDEMAN SRL')).toBe('dedeman-srl');
  });

  it('folds the cedilla spellings too', () => {
    expect(slugify('ŞCOALA ŢĂRII')).toBe('scoala-tarii');
    expect(slugify('ÎNTREPRINDEREA ÂRGEŞ')).toBe('intreprinderea-arges');
  });

  it('turns runs of non-word characters into one dash; surrounding spaces are not part of the name', () => {
    expect(slugify('  DEDEMAN   SRL  ')).toBe('dedeman-srl');
    expect(slugify('A & B --- C!!!')).toBe('a-b-c-');
    expect(slugify('" CARDIOFORCE SRL')).toBe('-cardioforce-srl');
    expect(slugify('FIRMA_TEST 2000')).toBe('firma_test-2000');
  });

  it('returns a dash for punctuation only, and an empty slug for nothing', () => {
    expect(slugify('...')).toBe('-');
    expect(slugify('   ')).toBe('');
    expect(slugify(null)).toBe('');
  });
});

describe('slugToTitle', () => {
  it('turns a slug into upper-case words', () => {
    expect(slugToTitle('dedeman-srl')).toBe('DEDEMAN SRL');
    expect(slugToTitle('scoala-gimnaziala-ion-creanga-s-r-l')).toBe('SCOALA GIMNAZIALA ION CREANGA S R L');
  });
  it('tolerates encoded or malformed segments', () => {
    expect(slugToTitle('caf%C3%A9-bar')).toBe('CAFÉ BAR');
    expect(slugToTitle('100%-bun')).toBe('100% BUN');
    expect(slugToTitle('')).toBe('');
  });
});

describe('companyPath', () => {
  it('builds the company details route', () => {
    expect(companyPath(14399840, 'DANTE INTERNATIONAL SA')).toBe('/company-details/14399840/dante-international-sa');
    expect(companyPath('1590082', 'OMV PETROM SA')).toBe('/company-details/1590082/omv-petrom-sa');
  });
  it('keeps the name segment when the name slugs to nothing', () => {
    expect(companyPath(123, '')).toBe('/company-details/123/firma');
    expect(companyPath(123, null)).toBe('/company-details/123/firma');
    // Punctuation only follows the rule: one dash.
    expect(companyPath(123, '???')).toBe('/company-details/123/-');
  });
});

describe('caenPath', () => {
  it('builds the CAEN page route with a 4-digit code', () => {
    expect(caenPath('6201')).toBe('/Coduri-caen/6201');
    expect(caenPath(111)).toBe('/Coduri-caen/0111');
    expect(padCaenCode('47')).toBe('0047');
    expect(padCaenCode('G')).toBe('G');
  });
});
