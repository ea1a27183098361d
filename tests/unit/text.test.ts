import { TEXT_CUTS, WORD_CUTS, cutText, cutWords, foldDiacritics, normalizeSearchText, titleCaseRo } from '@/lib/text';

describe('normalizeSearchText', () => {
  it('lower-cases and strips Romanian diacritics in both spellings', () => {
    // comma-below ș ț (U+0219, U+021B) and cedilla ş ţ (U+015F, U+0163)
    expect(normalizeSearchText('Științe \u0218\u021A \u015E\u0162 \u0219\u021B \u015F\u0163')).toBe('stiinte st st st st');
    expect(normalizeSearchText('ĂÂÎ ăâî')).toBe('aai aai');
    expect(normalizeSearchText('Bucureşti')).toBe(normalizeSearchText('București'));
    expect(normalizeSearchText('Şos. VIRTUŢII')).toBe('sos. virtutii');
  });

  it('strips other Latin accents and folds non-decomposable letters like unaccent', () => {
    expect(normalizeSearchText('Café Müller Ñandú')).toBe('cafe muller nandu');
    expect(normalizeSearchText('Straße Łódź Øre Æble')).toBe('strasse lodz ore aeble');
  });

  it('folds typographic quotes and dashes, keeps other punctuation', () => {
    expect(normalizeSearchText('„Ion Creangă” – S.R.L.')).toBe('"ion creanga" - s.r.l.');
  });

  it('collapses and trims whitespace', () => {
    expect(normalizeSearchText('  DEDEMAN \t  SRL\n ')).toBe('dedeman srl');
    expect(normalizeSearchText('A\u00a0B')).toBe('a b');
  });

  it('returns an empty string for missing input', () => {
    expect(normalizeSearchText(null)).toBe('');
    expect(normalizeSearchText(undefined)).toBe('');
  });
});

describe('foldDiacritics', () => {
  it('keeps case', () => {
    expect(foldDiacritics('ȘTEFAN ţară')).toBe('STEFAN tara');
  });
});

describe('cutText', () => {
  it('keeps text up to the limit and cuts beyond it with ...', () => {
    const forty = 'a'.repeat(40);
    expect(cutText(forty, TEXT_CUTS.chip)).toBe(forty);
    expect(cutText(forty + 'b', TEXT_CUTS.chip)).toBe(forty + '...');
    expect(cutText('https://ec.europa.eu/docs/project.pdf', TEXT_CUTS.euUrl)).toBe('https://ec.europa...');
    expect(cutText('Comerț cu amănuntul în magazine nespecializate', TEXT_CUTS.caenLabel)).toBe(
      'Comerț cu amănuntul în ma...',
    );
  });

  it('does not leave a trailing space before the ellipsis', () => {
    expect(cutText('abcd efgh', 5)).toBe('abcd...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cutText('ăîșțâ😀x', 6)).toBe('ăîșțâ😀...');
  });

  it('handles missing input', () => {
    expect(cutText(null, 5)).toBe('');
  });
});

describe('cutWords', () => {
  it('cuts to N words with an ellipsis', () => {
    const title = 'Servicii de dirigentie de santier pentru obiectivul de investitie Construire locuințe';
    expect(cutWords(title, WORD_CUTS.tenderTitle)).toBe(
      'Servicii de dirigentie de santier pentru obiectivul de investitie Construire...',
    );
    expect(cutWords('Ion Popescu Ionescu', WORD_CUTS.claimName)).toBe('Ion Popescu Ionescu');
    expect(cutWords('Ion Popescu Ionescu Junior', WORD_CUTS.claimName)).toBe('Ion Popescu Ionescu...');
    expect(cutWords('Doresc să pretind această companie deoarece', WORD_CUTS.claimMessage)).toBe(
      'Doresc să pretind această companie...',
    );
  });

  it('normalises whitespace only when cutting', () => {
    expect(cutWords('  a  b  ', 4)).toBe('a  b');
    expect(cutWords('a  b   c d e', 4)).toBe('a b c d...');
  });

  it('handles missing and empty input', () => {
    expect(cutWords(undefined, 3)).toBe('');
    expect(cutWords('   ', 3)).toBe('');
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(TEXT_CUTS).toEqual({
      chip: 40,
      caenLabel: 25,
      rankingHeaderCaen: 30,
      groupTableCaen: 70,
      euUrl: 17,
      userName: 50,
    });
    expect(WORD_CUTS).toEqual({ tenderTitle: 10, tenderCompany: 4, tenderCpv: 4, claimName: 3, claimMessage: 5 });
  });
});

describe('titleCaseRo', () => {
  it('title-cases registry names with lower-case connectors and upper-case legal forms', () => {
    expect(titleCaseRo('MUNICIPIUL ALBA IULIA')).toBe('Municipiul Alba Iulia');
    expect(titleCaseRo('FABRICA DE PÂINE ŞI PATISERIE SRL')).toBe('Fabrica de Pâine şi Patiserie SRL');
    expect(titleCaseRo('DANTE INTERNATIONAL SA')).toBe('Dante International SA');
    expect(titleCaseRo('DE LA MAMA SRL')).toBe('De la Mama SRL');
    expect(titleCaseRo('CLUJ-NAPOCA')).toBe('Cluj-Napoca');
  });
});

describe('the spec\'s "Something went wrong!" toast is shown in Romanian everywhere (decision 005)', () => {
  test('every screen that uses it', async () => {
    const { FAILED_TEXT } = await import('@/lib/text');
    const { CLAIM_TEXTS } = await import('@/lib/claims/schemas');
    expect(FAILED_TEXT).toBe('Ceva nu a funcționat!');
    expect(CLAIM_TEXTS.failed).toBe(FAILED_TEXT);
  });
});
