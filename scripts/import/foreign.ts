// Foreign suppliers in the procurement exports (docs/decisions/028-foreign-suppliers.md): a
// supplier registered abroad has no Romanian CUI; its fiscal-code field holds a foreign VAT number
// ("DE129268591", "ATU 12345678") or another foreign identifier, and the 2017–2019 exports name its
// country (CastigatorTara). Such a row is kept with the supplier's name, identifier and country,
// never with a made-up CUI.
import { cleanText, matchKey } from './parse';

/** The VAT prefixes of the EU (Greece writes EL, Northern Ireland XI) and the neighbours that use one. */
const VAT_PREFIX: Record<string, string> = {
  AT: 'Austria', BE: 'Belgia', BG: 'Bulgaria', CY: 'Cipru', CZ: 'Cehia', DE: 'Germania', DK: 'Danemarca', EE: 'Estonia',
  EL: 'Grecia', ES: 'Spania', FI: 'Finlanda', FR: 'Franța', HR: 'Croația', HU: 'Ungaria', IE: 'Irlanda', IT: 'Italia',
  LT: 'Lituania', LU: 'Luxemburg', LV: 'Letonia', MT: 'Malta', NL: 'Țările de Jos', PL: 'Polonia', PT: 'Portugalia',
  SE: 'Suedia', SI: 'Slovenia', SK: 'Slovacia', XI: 'Regatul Unit', GB: 'Regatul Unit', CH: 'Elveția', NO: 'Norvegia',
};

/** Country names as the exports write them (Romanian or English, with or without diacritics) → the Romanian name. */
const COUNTRY_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(VAT_PREFIX).map(([code, name]) => [code.toLowerCase(), name])),
  gr: 'Grecia', uk: 'Regatul Unit', md: 'Republica Moldova', rs: 'Serbia', ua: 'Ucraina', tr: 'Turcia', us: 'Statele Unite', il: 'Israel', cn: 'China',
  austria: 'Austria', belgia: 'Belgia', belgium: 'Belgia', bulgaria: 'Bulgaria', cipru: 'Cipru', cyprus: 'Cipru', cehia: 'Cehia',
  'republica ceha': 'Cehia', 'czech republic': 'Cehia', czechia: 'Cehia', germania: 'Germania', germany: 'Germania',
  danemarca: 'Danemarca', denmark: 'Danemarca', estonia: 'Estonia', grecia: 'Grecia', greece: 'Grecia', spania: 'Spania',
  spain: 'Spania', finlanda: 'Finlanda', finland: 'Finlanda', franta: 'Franța', france: 'Franța', croatia: 'Croația',
  ungaria: 'Ungaria', hungary: 'Ungaria', irlanda: 'Irlanda', ireland: 'Irlanda', italia: 'Italia', italy: 'Italia',
  lituania: 'Lituania', lithuania: 'Lituania', luxemburg: 'Luxemburg', luxembourg: 'Luxemburg', letonia: 'Letonia',
  latvia: 'Letonia', malta: 'Malta', olanda: 'Țările de Jos', 'tarile de jos': 'Țările de Jos', netherlands: 'Țările de Jos',
  'the netherlands': 'Țările de Jos', polonia: 'Polonia', poland: 'Polonia', portugalia: 'Portugalia', portugal: 'Portugalia',
  suedia: 'Suedia', sweden: 'Suedia', slovenia: 'Slovenia', slovacia: 'Slovacia', slovakia: 'Slovacia',
  'regatul unit': 'Regatul Unit', 'marea britanie': 'Regatul Unit', 'united kingdom': 'Regatul Unit', elvetia: 'Elveția',
  switzerland: 'Elveția', norvegia: 'Norvegia', norway: 'Norvegia', 'republica moldova': 'Republica Moldova',
  moldova: 'Republica Moldova', serbia: 'Serbia', ucraina: 'Ucraina', ukraine: 'Ucraina', turcia: 'Turcia', turkey: 'Turcia',
  'statele unite': 'Statele Unite', 'statele unite ale americii': 'Statele Unite', sua: 'Statele Unite', usa: 'Statele Unite',
  'united states': 'Statele Unite', israel: 'Israel', china: 'China',
};

const ROMANIA = new Set(['romania', 'ro', 'rou']);

/** The Romanian name of a country as an export writes it; an unknown name is kept as written; null for Romania or nothing. */
export function foreignCountry(text: string | null | undefined): string | null {
  const raw = cleanText(text ?? '', 60);
  if (!raw) return null;
  const key = matchKey(raw);
  if (ROMANIA.has(key)) return null;
  return COUNTRY_NAMES[key] ?? raw;
}

/** A foreign VAT number by its prefix ("DE129268591", "ATU 12345678", "EL-094014201"): [identifier, country]; null otherwise (RO included). */
export function foreignVat(text: string | null | undefined): [string, string] | null {
  const t = (text ?? '').trim().toUpperCase();
  const m = /^([A-Z]{2})[\s.\-]*([0-9A-Z][0-9A-Z\s.\-]{1,30})$/.exec(t);
  if (!m || !VAT_PREFIX[m[1]] || !/\d/.test(m[2])) return null;
  return [`${m[1]}${m[2].replace(/[\s.\-]/g, '')}`.slice(0, 32), VAT_PREFIX[m[1]]];
}

type ForeignSupplier = { taxId: string | null; country: string };

/**
 * The supplier is foreign when its fiscal code is a foreign VAT number, or when the export names a
 * country other than Romania and the code is not written as a Romanian one ("RO…"). Then the code
 * is kept as the foreign identifier (normalised), or null when the field is empty.
 */
export function readForeignSupplier(code: string | null | undefined, countryText: string | null | undefined): ForeignSupplier | null {
  const vat = foreignVat(code);
  const named = foreignCountry(countryText);
  if (vat) return { taxId: vat[0], country: named ?? vat[1] };
  if (!named) return null;
  const t = (code ?? '').trim().toUpperCase();
  if (/^RO[\s\-.]*\d/.test(t)) return null;
  const id = t.replace(/[\s.\-]/g, '');
  return { taxId: id && !/^0+$/.test(id) ? id.slice(0, 32) : null, country: named };
}
