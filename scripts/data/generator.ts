// Deterministic generator of realistic Romanian companies (demo seed and benchmark data).
//
// Pure: no database, no clock, no Math.random. Every company i draws from its own PRNG seeded by
// (seed, i), so company i is the same whatever the count, the order or the process that generates
// it (a worker can generate a slice; a tender can look up the name of its authority company j).
// The realism choices (shares, sizes, formulas) are written down in data/README.md.
import { appendCuiCheckDigit, buildRegistrationCode, EUID_PREFIX, type RegistryType } from '../../lib/cui';
import { readCsv } from './csv';
import { readReferenceData } from './reference';

// ───────────────────────────── row types (snake_case = table columns) ─────────────────────────────

type CompanyRow = {
  cui: number;
  name: string;
  registration_code: string;
  euid: string;
  legal_form: string;
  county_id: number;
  locality_id: number;
  village: string | null;
  street: string | null;
  street_number: string | null;
  postal_code: string | null;
  full_address: string;
  establishment_date: string; // YYYY-MM-DD
  status_code: number;
  is_active: boolean;
  caen_code: string;
  other_caen_codes: string[];
  website: string | null;
  updated_at: string; // YYYY-MM-DD (the data date, fixed so that runs are identical)
};

type FinancialYearRow = {
  cui: number;
  year: number;
  caen_code: string;
  employees: number;
  net_turnover: number;
  total_income: number;
  total_expenses: number;
  gross_profit: number;
  gross_loss: number;
  net_profit: number;
  net_loss: number;
  total_immobilised_assets: number;
  total_circulating_assets: number;
  stocks: number;
  receivables: number;
  cash_and_bank: number;
  expenses_in_advance: number;
  debts: number;
  income_in_advance: number;
  provisions: number;
  total_capitals: number;
  subscribed_capital: number;
  kingdom_heritage: number;
};

type StatusEventRow = { cui: number; status_code: number; event_date: string };
type ContactRow = { cui: number; name: string | null; role: string | null; phone: string | null; email: string | null };
type RepresentativeRow = { cui: number; name: string; role: string };
type SocialMediaRow = { cui: number; platform: string; url: string };
type TenderRow = {
  notice_no: string;
  title: string;
  cpv_code: string;
  cpv_name: string;
  authority_cui: number;
  authority_name: string;
  supplier_cui: number;
  supplier_name: string;
  estimated_value: number | null;
  final_value: number;
  publish_date: string;
  finish_date: string;
};
type EuProjectRow = {
  cui: number;
  code: string;
  name: string;
  start_date: string;
  end_date: string;
  total_cost: number; // EUR
  ec_contribution: number; // EUR
  urls: string[];
  status_code: 'CLO' | 'ONG';
  topic: string | null;
  objective: string | null;
};

export type CompanyBundle = {
  index: number;
  company: CompanyRow;
  years: FinancialYearRow[];
  statusEvents: StatusEventRow[];
  contacts: ContactRow[];
  representatives: RepresentativeRow[];
  socialMedia: SocialMediaRow[];
  tenders: TenderRow[];
  euProjects: EuProjectRow[];
};

type GeneratorOptions = {
  /** PRNG seed; the same seed gives the same companies. */
  seed?: number;
  /** Companies 0 … count-1 (the whole set: public-company authorities are drawn from it). */
  count: number;
  /** How many financial years (the last N of 2015–2024); default 10. */
  yearsPerCompany?: number;
  /**
   * Benchmark shape: every company has exactly yearsPerCompany years (established before the
   * window; inactive ones stop in 2020–2024). Default false: young companies have fewer years.
   */
  fullYears?: boolean;
  /** Generate only the positions [start, end) of the CUI-ordered stream (for parallel workers). */
  start?: number;
  end?: number;
};

export const DEFAULT_SEED = 20261121;
const FIRST_YEAR = 2015;
const LAST_YEAR = 2024;
/** The largest set the CUI permutation supports. */
const MAX_COMPANIES = 4_800_000;

// ───────────────────────────── PRNG ─────────────────────────────

function hash32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32 with helpers; fast, 32-bit state, good enough for synthetic data. */
class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  intRange(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.next() * a.length)];
  }
  normal(): number {
    // Box–Muller; one value per call keeps the stream simple.
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
  /** Geometric count ≥ 1 with the given mean. */
  count(mean: number): number {
    const p = 1 / Math.max(1, mean);
    return 1 + Math.floor(Math.log(1 - this.next()) / Math.log(1 - p + 1e-12));
  }
}

/** Weighted choice in O(log n) over cumulative weights. */
class Weighted<T> {
  readonly items: T[];
  private cum: Float64Array;
  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map((e) => e[0]);
    this.cum = new Float64Array(entries.length);
    let s = 0;
    entries.forEach((e, i) => (this.cum[i] = s += e[1]));
    for (let i = 0; i < this.cum.length; i++) this.cum[i] /= s;
  }
  pick(rng: Rng): T {
    const x = rng.next();
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

// ───────────────────────────── word lists and shares ─────────────────────────────

/** Approximate share of registered companies per county (percent, ONRC statistics order of magnitude). */
const COUNTY_SHARE: Record<string, number> = {
  B: 19, IF: 4.3, CJ: 5.4, TM: 4.4, IS: 3.9, CT: 3.8, BV: 3.7, PH: 3.4, BH: 3.0, AG: 2.5, SV: 2.4,
  DJ: 2.3, MS: 2.3, SB: 2.2, BC: 2.1, AR: 2.0, GL: 1.9, MM: 1.8, NT: 1.7, BZ: 1.6, DB: 1.6, HD: 1.6,
  AB: 1.5, SM: 1.4, VL: 1.4, BT: 1.2, BN: 1.2, HR: 1.2, BR: 1.1, VS: 1.0, OT: 1.1, GJ: 1.1, VN: 1.0,
  TR: 0.9, IL: 0.8, CL: 0.8, SJ: 0.9, CS: 0.9, MH: 0.8, TL: 0.8, CV: 0.8, GR: 0.7,
};

/** Bucharest sectors by siruta: share of the capital's companies. */
const SECTOR_SHARE: Record<number, number> = { 179141: 22, 179150: 18, 179169: 19, 179178: 12, 179187: 10, 179196: 19 };

/** The most common main activities (CAEN Rev.2, percent of companies); the rest share ~30 %. */
const CAEN_SHARE: Record<string, number> = {
  '4711': 12, '4120': 5, '4941': 4.5, '6201': 3, '5610': 3, '0111': 2.5, '7022': 2.5, '4321': 2,
  '4520': 2, '6920': 1.5, '9602': 1.5, '6820': 1.5, '4690': 1.2, '8621': 1.2, '5630': 1.2, '4673': 1,
  '4719': 1, '4778': 1, '4332': 1, '4399': 1, '7112': 1, '4771': 1, '4773': 0.9, '8623': 0.8,
  '7311': 0.8, '8559': 0.8, '4729': 0.8, '4322': 0.8, '5520': 0.7, '1071': 0.6, '4334': 0.6,
  '7111': 0.6, '4110': 0.6, '0150': 0.6, '6202': 0.6, '7490': 0.6, '8299': 0.6, '4511': 0.6,
  '4939': 0.5, '6209': 0.5, '8690': 0.5, '4532': 0.5, '4791': 0.5, '5229': 0.4, '4211': 0.4,
  '5629': 0.4, '4618': 0.4, '1622': 0.4, '0161': 0.4, '8121': 0.4, '8122': 0.3, '9313': 0.3,
  '7410': 0.3, '4631': 0.3, '4639': 0.3, '2511': 0.3, '3101': 0.3, '4333': 0.3, '4391': 0.3,
  '0113': 0.3, '0210': 0.3, '5590': 0.2, '7810': 0.2, '8130': 0.2, '8010': 0.2, '1013': 0.2,
};
const CAEN_REST_SHARE = 30;

const LEGAL_FORM_SHARE: [string, number][] = [
  ['SRL', 75], ['PFA', 12], ['II', 7], ['IF', 1.5], ['SA', 2], ['SNC', 0.5], ['SCS', 0.4],
  ['COOP', 0.5], ['GIE', 0.05], // RA: only the public-sector companies below
];

/** One in PUBLIC_EVERY companies is a public-sector company (SA/RA), a possible contracting authority. */
const PUBLIC_EVERY = 499;
const PUBLIC_OFFSET = 7;

type Section = string; // CAEN section letter

/** Words used in names per CAEN division range (upper case, with Romanian diacritics where real names use them). */
function industryWords(division: number): readonly string[] {
  if (division <= 3) return ['AGRO', 'AGRICOLA', 'FARM', 'BIO', 'VERDE', 'AGROTEHNICA', 'FERMA'];
  if (division <= 9) return ['MINING', 'EXTRACT', 'MINERAL', 'PETRO'];
  if (division <= 33) return ['PROD', 'INDUSTRIES', 'PRODUCTION', 'IMPEX', 'INDUSTRIAL', 'MANUFACTURING', 'MOBILA', 'FOOD'];
  if (division <= 39) return ['ENERGY', 'ENERGIE', 'ECO', 'GREEN', 'AQUA', 'SOLAR', 'RECYCLING'];
  if (division <= 43) return ['CONSTRUCT', 'CONSTRUCȚII', 'INSTAL', 'INSTALAȚII', 'BUILD', 'CONSTRUCT GRUP', 'EDIL', 'CONSTRUCȚII MONTAJ'];
  if (division <= 47) return ['COM', 'IMPEX', 'TRADE', 'TRADING', 'MARKET', 'DISTRIBUTION', 'COMERȚ', 'SHOP', 'PROD COM'];
  if (division <= 53) return ['TRANS', 'TRANSPORT', 'LOGISTICS', 'EXPRES', 'CARGO', 'TRANSPORTURI', 'FREIGHT'];
  if (division <= 56) return ['BISTRO', 'GASTRO', 'FOOD', 'TURISM', 'HOTEL', 'CATERING'];
  if (division <= 63) return ['SOFT', 'TECH', 'DIGITAL', 'IT', 'SOLUTIONS', 'SYSTEMS', 'MEDIA', 'WEB', 'DATA', 'NET', 'SOFTWARE'];
  if (division <= 66) return ['INVEST', 'FINANCE', 'CAPITAL', 'BROKER', 'ASIGURĂRI'];
  if (division === 68) return ['IMOBILIARE', 'REAL ESTATE', 'RESIDENCE', 'PROPERTY', 'INVESTMENTS'];
  if (division <= 75) return ['CONSULT', 'CONSULTING', 'AUDIT', 'EXPERT', 'PROIECT', 'DESIGN', 'ENGINEERING', 'ADVERTISING', 'CONSULTANȚĂ'];
  if (division <= 82) return ['SERVICES', 'SERV', 'MANAGEMENT', 'CLEAN', 'SECURITY', 'PREST', 'SERVICE'];
  if (division === 85) return ['EDUCAȚIONAL', 'ACADEMY', 'EDU', 'TRAINING'];
  if (division <= 88) return ['MEDICAL', 'MED', 'CLINIC', 'HEALTH', 'DENT', 'CARE'];
  return ['STUDIO', 'BEAUTY', 'ART', 'SPORT', 'FITNESS', 'EVENTS', 'STYLE'];
}

/** Descriptive Romanian prefixes (ONRC names often start with the activity). */
function descriptivePrefix(caen: string): readonly string[] | null {
  const d = Number(caen.slice(0, 2));
  if (caen === '4773') return ['FARMACIA', 'FARMACIA'];
  if (caen === '8553') return ['ȘCOALA DE ȘOFERI'];
  if (caen === '8621' || caen === '8623') return ['CENTRUL MEDICAL', 'CLINICA', 'CABINETUL MEDICAL'];
  if (caen === '1071') return ['BRUTĂRIA', 'PANIFICAȚIE', 'PATISERIA'];
  if (caen === '5520' || caen === '5510') return ['PENSIUNEA', 'HOTEL', 'VILA'];
  if (caen === '5610' || caen === '5630') return ['RESTAURANTUL', 'PIZZERIA', 'CAFENEAUA', 'BISTRO'];
  if (d === 85) return ['ȘCOALA', 'ACADEMIA', 'CENTRUL EDUCAȚIONAL'];
  if (d >= 41 && d <= 43) return ['CONSTRUCȚII', 'INSTALAȚII', 'CONSTRUCȚII ȘI INSTALAȚII'];
  if (d === 49) return ['TRANSPORTURI', 'AUTOTRANSPORT'];
  if (d === 1) return ['AGRICOLA', 'FERMA', 'AGROCOMPLEX'];
  if (caen === '9602') return ['SALON', 'STUDIO'];
  if (caen === '4520') return ['SERVICE AUTO', 'AUTO'];
  return null;
}

const SYLLABLES = ['DE', 'NO', 'RA', 'VI', 'TA', 'LI', 'MA', 'RO', 'SA', 'TI', 'CO', 'FLO', 'MAR', 'CRIS', 'DAN', 'AL', 'EX',
  'AN', 'GEO', 'IO', 'NI', 'LU', 'VAL', 'SIL', 'MIR', 'ELA', 'TOR', 'BER', 'ZAR', 'OL', 'TEO', 'DOR', 'LEX', 'VER', 'MO', 'NA'] as const;

const PUBLIC_COMPANY_KINDS = [
  'COMPANIA DE APĂ', 'TRANSPORT PUBLIC', 'SERVICII PUBLICE', 'TERMOFICARE', 'SALUBRITATE', 'DRUMURI ȘI PODURI',
  'ADMINISTRAREA PIEȚELOR', 'PARCURI ȘI AGREMENT', 'ILUMINAT PUBLIC', 'AEROPORTUL',
] as const;

const STREET_NUMBER_SUFFIX = ['', '', '', '', '', '', '', '', 'A', 'B', 'bis'] as const;
const MOBILE_PREFIX = ['0721', '0722', '0723', '0724', '0726', '0727', '0728', '0729', '0740', '0741', '0742', '0744', '0745', '0746',
  '0747', '0748', '0749', '0751', '0752', '0753', '0755', '0756', '0757', '0758', '0760', '0761', '0762', '0763', '0765', '0766',
  '0767', '0768', '0769', '0770', '0771', '0772', '0773', '0774', '0775', '0784', '0785', '0786', '0787', '0788', '0789'] as const;

/** County landline prefixes (area code without the leading 0 digit group). */
const AREA_CODE: Record<string, string> = {
  AB: '0258', AR: '0257', AG: '0248', BC: '0234', BH: '0259', BN: '0263', BT: '0231', BR: '0239', BV: '0268', B: '021',
  BZ: '0238', CL: '0242', CS: '0255', CJ: '0264', CT: '0241', CV: '0267', DB: '0245', DJ: '0251', GL: '0236', GR: '0246',
  GJ: '0253', HR: '0266', HD: '0254', IL: '0243', IS: '0232', IF: '021', MM: '0262', MH: '0252', MS: '0265', NT: '0233',
  OT: '0249', PH: '0244', SJ: '0260', SM: '0261', SB: '0269', SV: '0230', TR: '0247', TM: '0256', TL: '0240', VL: '0250',
  VS: '0235', VN: '0237',
};

const CONTACT_DESKS = [
  ['Secretariat', 'Recepție', 'office'],
  ['Vânzări', 'Departament vânzări', 'vanzari'],
  ['Contabilitate', 'Departament financiar', 'contabilitate'],
  ['Comenzi', 'Relații clienți', 'comenzi'],
  ['Resurse umane', 'HR', 'hr'],
  ['Suport', 'Relații clienți', 'suport'],
] as const;

// ───────────────────────────── context (dictionaries built once) ─────────────────────────────

type LocalityPick = {
  id: number;
  name: string;
  type: string;
  countyCode: string;
  countyName: string;
  countyId: number;
  villages: { name: string; postal: string | null }[];
  postalBase: string | null;
  sector: number | null;
};

type SampleTender = { title: string; cpvCode: string; cpvName: string; value: number; type: string; category: string };
type SampleEu = { title: string; total: number; fedr: number; topic: string; objective: string };
type Institution = { cui: number; name: string; countyId: number };

type Context = {
  seed: number;
  counties: Weighted<{ id: number; code: string; name: string }>;
  localitiesByCounty: Map<number, Weighted<LocalityPick>>;
  caen: Weighted<string>;
  caenClasses: string[];
  caenByDivision: Map<string, string[]>;
  legalForms: Weighted<string>;
  firstNames: { name: string; gender: string }[];
  surnames: string[];
  words: string[];
  streetTypes: { value: string; abbrev: string }[];
  streetNames: string[];
  tendersByCategory: Map<string, SampleTender[]>;
  allTenders: SampleTender[];
  euSamples: SampleEu[];
  institutions: Institution[];
  institutionsByCounty: Map<number, Institution[]>;
  cuiA: number;
  cuiAInverse: number;
  cuiB: number;
};

const contexts = new Map<number, Context>();

/** Largest prime below MAX_COMPANIES + 150,000 is not needed; any prime ≥ MAX_COMPANIES works. */
const CUI_PRIME = (() => {
  const isPrime = (n: number) => {
    if (n % 2 === 0) return false;
    for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
    return true;
  };
  let p = MAX_COMPANIES + 1;
  while (!isPrime(p)) p++;
  return p;
})();
const CUI_BODY_BASE = 150_000;
/** Public institutions (contracting authorities) get CUI bodies below the companies' range. */
const INSTITUTION_BODY_BASE = 1_000;

const FOLD: Record<string, string> = {
  ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't', Ă: 'A', Â: 'A', Î: 'I', Ș: 'S', Ş: 'S', Ț: 'T', Ţ: 'T',
};

function stripDiacritics(s: string): string {
  return s.replace(/[ăâîșşțţĂÂÎȘŞȚŢ]/g, (c) => FOLD[c]);
}

function cpvCategory(sectionOrDivision: { section: Section; division: number }): string {
  const { section, division } = sectionOrDivision;
  if (section === 'F' || division === 71) return 'CONSTRUCTII';
  if (section === 'J') return 'TEHNOLOGIA INFORMATIEI SI COMUNICATIEI';
  if (section === 'C' || section === 'G') return 'INDUSTRIA PRELUCRATOARE';
  if (section === 'H') return 'TRANSPORT, DEPOZITARE SI COMUNICATII';
  if (section === 'Q') return 'SANATATE, ASISTENTA SOCIALA';
  if (section === 'I') return 'HOTELURI SI RESTAURANTE';
  return 'SERVICII';
}

function buildContext(seed: number): Context {
  const ref = readReferenceData();
  const countyById = new Map(ref.counties.map((c) => [c.id, c]));
  const counties = new Weighted(
    ref.counties.map((c) => {
      const share = COUNTY_SHARE[c.code];
      if (share === undefined) throw new Error(`No company share for county ${c.code}`);
      return [{ id: c.id, code: c.code, name: c.name }, share] as const;
    }),
  );

  const villagesByUat = new Map<number, { name: string; postal: string | null }[]>();
  for (const v of ref.components) {
    const list = villagesByUat.get(v.locality_id) ?? [];
    list.push({ name: v.name, postal: v.postal_code });
    villagesByUat.set(v.locality_id, list);
  }
  const sectorPostal = new Map(readCsv('bucuresti-sectoare.csv').map((s) => [Number(s.siruta), Number(s.sector)]));
  const byCounty = new Map<number, [LocalityPick, number][]>();
  for (const l of ref.localities) {
    const county = countyById.get(l.county_id)!;
    if (county.code === 'B' && l.type !== 'sector') continue; // companies sit in a sector
    const villages = villagesByUat.get(l.id) ?? [];
    let weight: number;
    if (l.type === 'sector') weight = SECTOR_SHARE[l.id];
    else if (l.type === 'municipiu') weight = l.is_seat ? 50 : 8;
    else if (l.type === 'oras') weight = county.code === 'IF' ? 6 : 3;
    else weight = county.code === 'IF' ? 2.5 : 0.5;
    const pick: LocalityPick = {
      id: l.id,
      name: l.name,
      type: l.type,
      countyCode: county.code,
      countyName: county.name,
      countyId: county.id,
      villages,
      postalBase: villages.find((v) => v.postal)?.postal ?? null,
      sector: l.type === 'sector' ? sectorPostal.get(l.id) ?? null : null,
    };
    const list = byCounty.get(county.id) ?? [];
    list.push([pick, weight]);
    byCounty.set(county.id, list);
  }
  const localitiesByCounty = new Map([...byCounty].map(([k, v]) => [k, new Weighted(v)]));

  const caenClasses = ref.caen.filter((c) => c.revision === 2 && c.level === 'class').map((c) => c.code);
  const classSet = new Set(caenClasses);
  for (const code of Object.keys(CAEN_SHARE)) if (!classSet.has(code)) throw new Error(`CAEN ${code} is not a Rev.2 class`);
  const restEach = CAEN_REST_SHARE / caenClasses.length;
  const caen = new Weighted(caenClasses.map((c) => [c, (CAEN_SHARE[c] ?? 0) + restEach] as const));
  const caenByDivision = new Map<string, string[]>();
  for (const c of caenClasses) {
    const list = caenByDivision.get(c.slice(0, 2)) ?? [];
    list.push(c);
    caenByDivision.set(c.slice(0, 2), list);
  }

  const streets = readCsv('strazi.csv');
  const allTenders: SampleTender[] = readCsv('samples/sicap-achizitii-directe-pnrr-sample.csv').map((t) => {
    const m = /^(\d{8}-\d)\s*-\s*(.*?)\s*(\(Rev\.2\))?$/.exec(t['item.cpvCode'].trim());
    return {
      title: t['item.contractObject'].replace(/\s+/g, ' ').trim().slice(0, 500),
      cpvCode: m ? m[1] : t['item.cpvCode'].slice(0, 10),
      cpvName: (m ? m[2] : t['item.cpvCode']).slice(0, 200),
      value: Number(t['item.awardedValue']) || 10_000,
      type: t['details.sysAcquisitionContractType.text'],
      category: t['item.cpvCategory'].trim(),
    };
  });
  const tendersByCategory = new Map<string, SampleTender[]>();
  for (const t of allTenders) {
    const list = tendersByCategory.get(t.category) ?? [];
    list.push(t);
    tendersByCategory.set(t.category, list);
  }

  const euSamples: SampleEu[] = readCsv('samples/fonduri-ue-por-2007-2013-sample.csv')
    .filter((r) => /\b(SRL|SA|S\.R\.L\.|S\.A\.)\b/i.test(r.Beneficiar))
    .map((r) => ({
      title: r.Titlu.replace(/\s+/g, ' ').trim().slice(0, 500),
      total: Number(r['total amount']) || 500_000,
      fedr: Number(r.FEDR) || 0,
      topic: r['Intervention Category'].slice(0, 300),
      objective: r['Priority Axis'],
    }));

  // Contracting authorities that are not companies: every UAT (its town hall), the county councils
  // and hospitals, a few schools, the ministries. CUI bodies below the companies' range.
  const institutions: Institution[] = [];
  const addInstitution = (name: string, countyId: number) =>
    institutions.push({
      cui: Number(appendCuiCheckDigit(INSTITUTION_BODY_BASE + ((institutions.length * 7919) % 148_000))),
      name,
      countyId,
    });
  const bucharestId = ref.counties.find((c) => c.code === 'B')!.id;
  for (const m of [
    'MINISTERUL EDUCAȚIEI', 'MINISTERUL SĂNĂTĂȚII', 'MINISTERUL TRANSPORTURILOR ȘI INFRASTRUCTURII',
    'MINISTERUL DEZVOLTĂRII, LUCRĂRILOR PUBLICE ȘI ADMINISTRAȚIEI', 'MINISTERUL FINANȚELOR', 'MINISTERUL CULTURII',
    'MINISTERUL INVESTIȚIILOR ȘI PROIECTELOR EUROPENE', 'AGENȚIA NAȚIONALĂ DE ADMINISTRARE FISCALĂ',
  ]) addInstitution(m, bucharestId);
  for (const l of ref.localities) {
    const county = countyById.get(l.county_id)!;
    if (l.type === 'sector') addInstitution(`PRIMĂRIA SECTORULUI ${l.name.replace(/\D/g, '')}`, county.id);
    else if (l.type === 'municipiu') addInstitution(`MUNICIPIUL ${l.name.toUpperCase()}`, county.id);
    else if (l.type === 'oras') addInstitution(`ORAȘUL ${l.name.toUpperCase()}`, county.id);
    else addInstitution(`COMUNA ${l.name.toUpperCase()}`, county.id);
    if (l.type === 'municipiu' || l.type === 'oras') {
      addInstitution(`ȘCOALA GIMNAZIALĂ NR. ${1 + (l.id % 7)} ${l.name.toUpperCase()}`, county.id);
      addInstitution(`LICEUL TEHNOLOGIC ${l.name.toUpperCase()}`, county.id);
    }
  }
  for (const c of ref.counties) {
    if (c.code === 'B') continue;
    addInstitution(`CONSILIUL JUDEȚEAN ${c.name.toUpperCase()}`, c.id);
    if (c.seat_name) addInstitution(`SPITALUL JUDEȚEAN DE URGENȚĂ ${c.seat_name.toUpperCase()}`, c.id);
  }
  const institutionsByCounty = new Map<number, Institution[]>();
  for (const i of institutions) {
    const list = institutionsByCounty.get(i.countyId) ?? [];
    list.push(i);
    institutionsByCounty.set(i.countyId, list);
  }

  const s = new Rng(hash32(seed, 0x5eed));
  const cuiA = 1 + Math.floor(s.next() * (CUI_PRIME - 2));
  return {
    seed,
    counties,
    localitiesByCounty,
    caen,
    caenClasses,
    caenByDivision,
    legalForms: new Weighted(LEGAL_FORM_SHARE),
    firstNames: readCsv('prenume.csv').map((r) => ({ name: r.name, gender: r.gender })),
    surnames: readCsv('nume-familie.csv').map((r) => r.name),
    words: readCsv('firme-cuvinte.csv').map((r) => r.word),
    streetTypes: streets.filter((r) => r.kind === 'street_type').map((r) => ({ value: r.value, abbrev: r.abbrev.split(' / ').pop() || r.value })),
    streetNames: streets.filter((r) => r.kind === 'street_name').map((r) => r.value),
    tendersByCategory,
    allTenders,
    euSamples,
    institutions,
    institutionsByCounty,
    cuiA,
    cuiAInverse: modInverse(cuiA, CUI_PRIME),
    cuiB: Math.floor(s.next() * CUI_PRIME),
  };
}

function getContext(seed: number): Context {
  let ctx = contexts.get(seed);
  if (!ctx) {
    ctx = buildContext(seed);
    contexts.set(seed, ctx);
  }
  return ctx;
}

/** Position of company i's CUI body in its range, 0 ≤ f < 1 (bijective in i for i < MAX_COMPANIES). */
function cuiSlot(ctx: Context, index: number): number {
  // a, i < p < 2^23: the product stays below 2^46, exact in a double
  return (ctx.cuiA * index + ctx.cuiB) % CUI_PRIME;
}

/** The company index whose CUI sits in this slot (inverse of cuiSlot). */
function indexOfSlot(ctx: Context, slot: number): number {
  return (((slot - ctx.cuiB + CUI_PRIME) % CUI_PRIME) * ctx.cuiAInverse) % CUI_PRIME;
}

function modInverse(a: number, p: number): number {
  let [r0, r1] = [a, p];
  let [s0, s1] = [1, 0];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}

/** The CUI of company i of a set generated with this seed (valid check digit, unique per i). */
export function cuiForIndex(seed: number, index: number): number {
  const ctx = getContext(seed);
  return Number(appendCuiCheckDigit(CUI_BODY_BASE + cuiSlot(ctx, index)));
}

// ───────────────────────────── helpers ─────────────────────────────

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// Every date the generator can produce, 1985–2032, as ISO strings: no Date object per row.
const DATE_FIRST_YEAR = 1985;
const DATE_LAST_YEAR = 2032;
const DATES: string[] = [];
const DATE_INDEX = new Map<string, number>();
const YEAR_START: number[] = [];
{
  const d = new Date(Date.UTC(DATE_FIRST_YEAR, 0, 1));
  while (d.getUTCFullYear() <= DATE_LAST_YEAR) {
    if (d.getUTCMonth() === 0 && d.getUTCDate() === 1) YEAR_START[d.getUTCFullYear()] = DATES.length;
    const iso = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
    DATE_INDEX.set(iso, DATES.length);
    DATES.push(iso);
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

function isoDate(year: number, dayOfYear: number): string {
  return DATES[YEAR_START[year] + dayOfYear];
}

function addDays(iso: string, days: number): string {
  return DATES[Math.min(DATES.length - 1, DATE_INDEX.get(iso)! + days)];
}

function minIso(a: string, b: string): string {
  return a < b ? a : b;
}

function slugify(s: string, max = 30): string {
  return stripDiacritics(s)
    .toLowerCase()
    .replace(/&/g, '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

function phoneMobile(rng: Rng): string {
  const n = String(rng.intRange(100000, 999999));
  return `${rng.pick(MOBILE_PREFIX)} ${n.slice(0, 3)} ${n.slice(3)}`;
}

function phoneLandline(rng: Rng, countyCode: string): string {
  const area = AREA_CODE[countyCode] ?? '021';
  if (area === '021') {
    const n = String(rng.intRange(2000000, 3999999));
    return `021 ${n.slice(0, 3)} ${n.slice(3)}`;
  }
  const n = String(rng.intRange(200000, 499999));
  return `${area} ${n.slice(0, 3)} ${n.slice(3)}`;
}

// ───────────────────────────── identity (name, place, activity) ─────────────────────────────

type Identity = {
  index: number;
  cui: number;
  cuiFraction: number;
  legalForm: string;
  isPublic: boolean;
  county: { id: number; code: string; name: string };
  locality: LocalityPick;
  caen: string;
  section: Section;
  division: number;
  name: string;
  /** name without the legal form, for domains and slugs */
  core: string;
  person: { first: string; last: string } | null;
};

const SECTION_BY_DIVISION: [number, Section][] = [
  [3, 'A'], [9, 'B'], [33, 'C'], [35, 'D'], [39, 'E'], [43, 'F'], [47, 'G'], [53, 'H'], [56, 'I'], [63, 'J'],
  [66, 'K'], [68, 'L'], [75, 'M'], [82, 'N'], [84, 'O'], [85, 'P'], [88, 'Q'], [93, 'R'], [96, 'S'], [98, 'T'], [99, 'U'],
];

function sectionOf(division: number): Section {
  for (const [max, s] of SECTION_BY_DIVISION) if (division <= max) return s;
  return 'S';
}

function personName(ctx: Context, rng: Rng): { first: string; last: string } {
  return { first: rng.pick(ctx.firstNames).name, last: rng.pick(ctx.surnames) };
}

function drawIdentity(ctx: Context, rng: Rng, index: number): Identity {
  const slot = cuiSlot(ctx, index);
  const cui = Number(appendCuiCheckDigit(CUI_BODY_BASE + slot));
  const isPublic = index % PUBLIC_EVERY === PUBLIC_OFFSET;
  let legalForm = ctx.legalForms.pick(rng);
  if (isPublic) legalForm = rng.chance(0.85) ? 'SA' : 'RA';
  const county = ctx.counties.pick(rng);
  let locality = ctx.localitiesByCounty.get(county.id)!.pick(rng);
  // public-sector companies serve a town: redraw (a few times) while the place is a commune
  for (let k = 0; isPublic && k < 8 && locality.type === 'comuna'; k++) {
    locality = ctx.localitiesByCounty.get(county.id)!.pick(rng);
  }
  let caen = ctx.caen.pick(rng);
  if (isPublic) caen = rng.pick(['3600', '3700', '3811', '4931', '3530', '5223', '8130', '4211', '3511', '6820']);
  const division = Number(caen.slice(0, 2));
  const section = sectionOf(division);

  let core: string;
  let person: Identity['person'] = null;
  let name: string;
  const place = (locality.sector ? 'BUCUREȘTI' : locality.name).toUpperCase();
  if (isPublic) {
    const kind = rng.pick(PUBLIC_COMPANY_KINDS);
    core = `${kind} ${place}`;
    name = legalForm === 'RA' ? `REGIA AUTONOMĂ ${core}` : `${core} SA`;
  } else if (legalForm === 'PFA' || legalForm === 'II' || legalForm === 'IF') {
    person = personName(ctx, rng);
    const last = person.last.toUpperCase();
    const first = person.first.toUpperCase();
    core = legalForm === 'IF' ? last : `${last} ${first}`;
    const long = rng.chance(0.55);
    const suffix =
      legalForm === 'PFA'
        ? long ? 'PERSOANĂ FIZICĂ AUTORIZATĂ' : 'PFA'
        : legalForm === 'II'
          ? long ? 'ÎNTREPRINDERE INDIVIDUALĂ' : 'II'
          : long ? 'ÎNTREPRINDERE FAMILIALĂ' : 'IF';
    name = `${core} ${suffix}`;
  } else {
    const words = industryWords(division);
    const r = rng.next();
    if (r < 0.22) {
      const n = rng.intRange(2, 3);
      let brand = '';
      for (let k = 0; k < n; k++) brand += rng.pick(SYLLABLES);
      core = `${brand} ${rng.pick(words)}`;
    } else if (r < 0.4) {
      core = `${rng.pick(ctx.firstNames).name.toUpperCase()} ${rng.pick(words)}`;
    } else if (r < 0.52) {
      core = `${rng.pick(ctx.surnames).toUpperCase()} ${rng.pick(words)}`;
    } else if (r < 0.68) {
      core = `${rng.pick(ctx.words)} ${rng.pick(words)}`;
      if (rng.chance(0.3)) core = `${rng.pick(ctx.words)} ${core}`;
    } else if (r < 0.78) {
      const a = String.fromCharCode(65 + rng.int(26));
      const b = String.fromCharCode(65 + rng.int(26));
      core = rng.chance(0.5) ? `${a}&${b} ${rng.pick(words)}` : `${a}.${b}. ${rng.pick(words)}`;
    } else {
      const prefixes = descriptivePrefix(caen);
      const owner = rng.chance(0.5) ? rng.pick(ctx.surnames).toUpperCase() : rng.pick(ctx.firstNames).name.toUpperCase();
      core = prefixes ? `${rng.pick(prefixes)} ${owner}` : `${owner} ${rng.pick(words)}`;
    }
    if (rng.chance(0.12)) core += ` ${rng.pick(['2000', '2003', '2005', '2007', '2010', '94', '97', '99', 'PLUS', 'GRUP', 'PRO', 'EXPERT', 'SERV'])}`;
    if (legalForm === 'SNC') {
      const a = rng.pick(ctx.surnames).toUpperCase();
      const b = rng.pick(ctx.surnames).toUpperCase();
      core = `${a} & ${b}`;
    }
    if (legalForm === 'COOP') core = `${rng.pick(['COOPERATIVA MEȘTEȘUGĂREASCĂ', 'COOPERATIVA AGRICOLĂ', 'COOPERATIVA DE CONSUM'])} ${rng.pick(['UNIREA', 'PROGRESUL', 'VIITORUL', 'MUNCA', place])}`;
    core = core.toUpperCase();
    const dotted = rng.chance(0.12);
    const suffix: Record<string, string> = {
      SRL: dotted ? 'S.R.L.' : 'SRL',
      SA: dotted ? 'S.A.' : 'SA',
      SNC: 'SNC',
      SCS: 'SCS',
      COOP: '',
      RA: '',
      GIE: 'GIE',
    };
    name = suffix[legalForm] ? `${core} ${suffix[legalForm]}` : core;
  }
  return {
    index,
    cui,
    cuiFraction: slot / CUI_PRIME,
    legalForm,
    isPublic,
    county,
    locality,
    caen,
    section,
    division,
    name: name.slice(0, 200),
    core,
    person,
  };
}

function identityOf(ctx: Context, index: number): Identity {
  return drawIdentity(ctx, new Rng(hash32(ctx.seed, index)), index);
}

// ───────────────────────────── size and financials ─────────────────────────────

type Tier = 'zero' | 'micro' | 'small' | 'medium' | 'large';

function drawTier(rng: Rng, id: Identity, active: boolean): Tier {
  const r = rng.next();
  if (id.isPublic) return r < 0.3 ? 'small' : r < 0.75 ? 'medium' : 'large';
  let t: Tier;
  if (id.legalForm === 'PFA' || id.legalForm === 'II' || id.legalForm === 'IF') t = r < 0.9 ? 'zero' : 'micro';
  else if (id.legalForm === 'SA') t = r < 0.25 ? 'zero' : r < 0.5 ? 'micro' : r < 0.75 ? 'small' : r < 0.92 ? 'medium' : 'large';
  else t = r < 0.58 ? 'zero' : r < 0.88 ? 'micro' : r < 0.973 ? 'small' : r < 0.995 ? 'medium' : 'large';
  // Companies that stopped were mostly small: most of them end with no staff.
  if (!active && t !== 'zero' && rng.chance(0.35)) t = 'zero';
  return t;
}

/** The largest staff a company of the section reaches (retail chains and factories, not bars). */
function employeeCap(id: Identity): number {
  if (id.division === 78) return 20_000; // staffing agencies
  switch (id.section) {
    case 'G': return 30_000;
    case 'C': case 'H': return 20_000;
    case 'J': case 'K': return 12_000;
    case 'F': case 'Q': case 'D': case 'E': case 'B': case 'N': return 8_000;
    case 'A': case 'O': case 'P': return 4_000;
    default: return 2_500;
  }
}

function drawEmployees(rng: Rng, tier: Tier, cap: number): number {
  switch (tier) {
    case 'zero':
      return 0;
    case 'micro':
      return Math.min(9, 1 + Math.floor(-Math.log(1 - rng.next()) * 2.2));
    case 'small':
      return Math.min(49, 10 + Math.floor(-Math.log(1 - rng.next()) * 10));
    case 'medium':
      return Math.min(249, 50 + Math.floor(-Math.log(1 - rng.next()) * 50));
    default:
      // Pareto tail: a few thousand-employee companies, rarely tens of thousands.
      return Math.min(cap, Math.floor(250 / Math.pow(1 - rng.next(), 1 / 1.15)));
  }
}

/** Yearly turnover per employee (lei) by section: trade is turnover-heavy, services are not. */
function productivity(section: Section): number {
  switch (section) {
    case 'G': return 650_000;
    case 'B': case 'D': return 900_000;
    case 'C': return 320_000;
    case 'F': return 260_000;
    case 'H': return 300_000;
    case 'A': return 380_000;
    case 'J': return 260_000;
    case 'I': return 110_000;
    case 'Q': case 'P': return 140_000;
    case 'N': return 120_000;
    default: return 200_000;
  }
}

function fixedAssetShare(section: Section): number {
  switch (section) {
    case 'L': return 0.8;
    case 'D': case 'E': return 0.7;
    case 'A': case 'B': return 0.55;
    case 'C': case 'H': case 'I': return 0.5;
    case 'F': return 0.35;
    case 'G': return 0.2;
    case 'J': case 'M': return 0.18;
    default: return 0.3;
  }
}

function stockShare(rng: Rng, section: Section): number {
  if (section === 'G') return rng.range(0.3, 0.6);
  if (section === 'C') return rng.range(0.2, 0.4);
  if (section === 'F' || section === 'A') return rng.range(0.05, 0.25);
  return rng.range(0, 0.08);
}

function subscribedCapital(rng: Rng, legalForm: string, turnover: number, isPublic: boolean): number {
  if (legalForm === 'PFA' || legalForm === 'II' || legalForm === 'IF') return 0;
  if (isPublic || legalForm === 'SA' || legalForm === 'RA') return Math.max(90_000, Math.round(turnover * rng.range(0.01, 0.08)));
  const r = rng.next();
  if (r < 0.7) return 200;
  if (r < 0.85) return rng.pick([1_000, 2_000, 5_000, 10_000]);
  return Math.max(200, Math.round(turnover * rng.range(0.002, 0.05) / 100) * 100);
}

/** Financial years for the window, built backwards from the latest year with growth, spikes and losses. */
function drawYears(
  rng: Rng,
  id: Identity,
  tier: Tier,
  firstYear: number,
  lastYear: number,
  estYear: number,
  active: boolean,
): FinancialYearRow[] {
  const n = lastYear - firstYear + 1;
  if (n <= 0) return [];
  const employees = new Array<number>(n);
  const turnover = new Array<number>(n);
  const emp = drawEmployees(rng, tier, employeeCap(id));
  let t: number;
  if (tier === 'zero') {
    t = rng.chance(0.42) ? 0 : rng.logNormal(45_000, 1.3);
  } else {
    // big private companies are also more productive; public utilities are not
    const boost = emp > 250 && !id.isPublic ? 1 + Math.log(emp / 250) : 1;
    t = emp * (id.isPublic ? 250_000 : productivity(id.section)) * boost * rng.logNormal(1, 0.55);
  }
  t = Math.min(t, 60e9);
  employees[n - 1] = emp;
  turnover[n - 1] = t;
  const trend = rng.normal() * 0.06 + 0.07;
  for (let k = n - 2; k >= 0; k--) {
    let g = Math.exp(trend + rng.normal() * 0.14);
    let empFactor = Math.pow(g, 0.5) * Math.exp(rng.normal() * 0.05);
    if (rng.chance(0.045)) {
      // a spike between year k and k+1: tripled or cut to a third
      g = rng.chance(0.6) ? 3 : 1 / 3;
      empFactor = rng.chance(0.5) ? g : Math.sqrt(g);
    }
    turnover[k] = turnover[k + 1] / g;
    const e = employees[k + 1] / empFactor;
    employees[k] = tier === 'zero' ? (rng.chance(0.04) ? 1 : 0) : Math.max(0, Math.round(e));
  }
  // The first year after the establishment is a partial one.
  if (firstYear === estYear) turnover[0] *= rng.range(0.15, 0.6);

  const sf = Math.min(0.95, Math.max(0.02, fixedAssetShare(id.section) + rng.normal() * 0.1));
  // Companies that stop were weaker: thinner equity, thinner margins. Asset-heavy companies carry
  // more equity (the debts column is not split by term, so their working capital would otherwise
  // look negative). The spreads are narrow enough for a realistic insolvency-score mix on the
  // latest year: about 15 % high risk, 20–25 % medium, the rest low (docs/decisions/004).
  let equityRatio = Math.max(-0.8, Math.min(0.9, (active ? 0.42 : 0.4) + 0.9 * (sf - 0.3) + rng.normal() * 0.07));
  const marginBase = (tier === 'zero' ? 0.04 : 0.06) - (active ? 0 : 0.02) + rng.normal() * 0.04;
  const assetTurn = rng.range(0.35, 1.1);
  // a dormant company either books nothing or pays its accountant and fees
  const dormantCost = rng.chance(0.45) ? 0 : rng.range(300, 1_500);
  const capital = subscribedCapital(rng, id.legalForm, turnover[n - 1], id.isPublic);
  const rows: FinancialYearRow[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const T = Math.round(turnover[k]);
    const income = T === 0 ? (rng.chance(0.1) ? Math.round(rng.range(100, 3_000)) : 0) : Math.round(T * (1 + Math.abs(rng.normal()) * 0.03));
    let gross: number;
    if (T === 0) gross = income - Math.round(dormantCost * rng.range(0.7, 1.3));
    else {
      const m = marginBase + rng.normal() * 0.05;
      gross = Math.round(income * m);
    }
    const expenses = Math.max(0, income - gross);
    gross = income - expenses;
    const grossProfit = Math.max(gross, 0);
    const grossLoss = Math.max(-gross, 0);
    // micro-enterprise tax on revenue for the small ones, 16 % of profit for the rest
    const tax = grossProfit > 0 ? (T < 4_500_000 ? Math.min(grossProfit, Math.round(income * 0.01)) : Math.round(grossProfit * 0.16)) : 0;
    const net = gross - tax;
    equityRatio = Math.max(-0.9, Math.min(0.85, equityRatio + (net < 0 ? -0.02 : 0.008) + rng.normal() * 0.012));

    const assets = T === 0 ? capital + Math.round(rng.range(5_000, 50_000)) : Math.max(1_000, Math.round(T * assetTurn * rng.range(0.9, 1.1)));
    const immob = Math.round(assets * sf);
    const circAll = assets - immob;
    const expAdvance = Math.round(circAll * rng.range(0, 0.03));
    const circ = circAll - expAdvance;
    const stocks = Math.round(circ * stockShare(rng, id.section));
    const receivables = Math.round(Math.min(circ - stocks, circ * rng.range(0.15, 0.45)));
    const cash = circ - stocks - receivables;
    const provisions = rng.chance(0.1) ? Math.round(assets * rng.range(0, 0.05)) : 0;
    const incomeAdvance = rng.chance(0.1) ? Math.round(assets * rng.range(0, 0.03)) : 0;
    let capitals = Math.round(assets * equityRatio);
    let debts = assets - capitals - provisions - incomeAdvance;
    if (debts < 0) {
      capitals += debts;
      debts = 0;
    }
    rows[k] = {
      cui: id.cui,
      year: firstYear + k,
      caen_code: id.caen,
      employees: employees[k],
      net_turnover: T,
      total_income: income,
      total_expenses: expenses,
      gross_profit: grossProfit,
      gross_loss: grossLoss,
      net_profit: Math.max(net, 0),
      net_loss: Math.max(-net, 0),
      total_immobilised_assets: immob,
      total_circulating_assets: circ,
      stocks,
      receivables,
      cash_and_bank: cash,
      expenses_in_advance: expAdvance,
      debts,
      income_in_advance: incomeAdvance,
      provisions,
      total_capitals: capitals,
      subscribed_capital: capital,
      kingdom_heritage: id.legalForm === 'RA' ? Math.round(assets * 0.3) : 0,
    };
  }
  return rows;
}

// ───────────────────────────── status ─────────────────────────────

type StatusPlan = { code: number; active: boolean };

function drawStatus(rng: Rng, id: Identity, estYear: number): StatusPlan {
  if (id.isPublic) return { code: 1048, active: true };
  const pActive = estYear >= 2020 ? 0.75 : estYear >= 2010 ? 0.55 : estYear >= 2000 ? 0.35 : 0.22;
  if (rng.chance(pActive)) return { code: 1048, active: true };
  const r = rng.next();
  const code = r < 0.8 ? 1084 : r < 0.86 ? 1139 : r < 0.9 ? 1052 : r < 0.94 ? 1070 : r < 0.96 ? 1107 : r < 0.995 ? 1049 : r < 0.998 ? 2127 : 2133;
  return { code, active: false };
}

function statusEvents(rng: Rng, cui: number, plan: StatusPlan, estDate: string, stopYear: number): StatusEventRow[] {
  const ev: StatusEventRow[] = [{ cui, status_code: 1048, event_date: estDate }];
  const dateIn = (year: number) => isoDate(year, rng.int(300));
  const cap = '2025-10-31';
  const estYear = Number(estDate.slice(0, 4));
  if (rng.chance(0.12) && stopYear > estYear + 1) ev.push({ cui, status_code: 1053, event_date: dateIn(rng.intRange(estYear + 1, stopYear)) });
  if (rng.chance(0.03) && stopYear > estYear + 1) ev.push({ cui, status_code: 1056, event_date: dateIn(rng.intRange(estYear + 1, stopYear)) });
  if (plan.active) {
    if (rng.chance(0.02)) ev.push({ cui, status_code: 2069, event_date: dateIn(rng.intRange(Math.max(estYear + 1, 2016), 2025)) });
    if (rng.chance(0.004)) {
      const code = rng.pick([1036, 1067, 1069, 2132]);
      ev.push({ cui, status_code: code, event_date: dateIn(rng.intRange(Math.max(estYear + 1, 2015), 2025)) });
    }
    return ev.filter((e) => e.event_date <= cap).sort((a, b) => (a.event_date < b.event_date ? -1 : 1));
  }
  const start = dateIn(Math.min(2025, stopYear + 1));
  const chain: number[] = (() => {
    switch (plan.code) {
      case 1084: return rng.chance(0.5) ? [1070, 1052, 1084] : rng.chance(0.3) ? [1139, 1107, 1084] : [1084];
      case 1139: return [1139];
      case 1107: return [1139, 1107];
      case 1052: return [1070, 1052];
      case 1070: return [1070];
      case 2133: return [1036, 2133];
      case 2127: return [1036, 2127];
      default: return [plan.code];
    }
  })();
  let d = start;
  for (const code of chain) {
    ev.push({ cui, status_code: code, event_date: minIso(d, cap) });
    d = addDays(d, rng.intRange(30, 240));
  }
  return ev.sort((a, b) => (a.event_date < b.event_date ? -1 : a.event_date > b.event_date ? 1 : 0));
}

// ───────────────────────────── address ─────────────────────────────

function drawAddress(ctx: Context, rng: Rng, id: Identity) {
  const loc = id.locality;
  const streetType = rng.next() < 0.72 ? ctx.streetTypes[0] : rng.pick(ctx.streetTypes);
  const street = `${streetType.abbrev} ${rng.pick(ctx.streetNames)}`;
  const streetNumber = `${1 + Math.floor(-Math.log(1 - rng.next()) * 25)}${rng.pick(STREET_NUMBER_SUFFIX)}`;
  let village: string | null = null;
  let postal: string | null;
  const parts: string[] = [];
  if (loc.type === 'comuna') {
    const v = loc.villages.length ? (rng.chance(0.55) ? loc.villages[0] : rng.pick(loc.villages)) : null;
    village = v?.name ?? null;
    postal = v?.postal ?? loc.postalBase;
    const hasStreet = rng.chance(0.4);
    if (village) parts.push(`Sat ${village}`);
    parts.push(`Comuna ${loc.name}`);
    if (hasStreet) parts.push(street);
    parts.push(`nr. ${streetNumber}`);
    parts.push(`jud. ${loc.countyName}`);
    const addr = parts.join(', ');
    return { village, street: hasStreet ? street : null, streetNumber, postal, full: addr.slice(0, 300) };
  }
  if (loc.sector) postal = `0${loc.sector}${String(rng.intRange(1, 9999)).padStart(4, '0')}`;
  else if (loc.postalBase && loc.type === 'municipiu') postal = loc.postalBase.slice(0, 3) + String(rng.intRange(1, 699)).padStart(3, '0');
  else postal = loc.postalBase;
  parts.push(street, `nr. ${streetNumber}`);
  if (rng.chance(0.35)) {
    parts.push(`bl. ${rng.pick(['A', 'B', 'C', 'D', 'M', ''])}${rng.intRange(1, 40)}`);
    if (rng.chance(0.5)) parts.push(`sc. ${rng.intRange(1, 4)}`);
    parts.push(`et. ${rng.intRange(0, 10)}`, `ap. ${rng.intRange(1, 120)}`);
  }
  if (loc.sector) parts.push('București', `Sector ${loc.sector}`);
  else parts.push(loc.type === 'municipiu' ? `Municipiul ${loc.name}` : `Oraș ${loc.name}`, `jud. ${loc.countyName}`);
  return { village, street, streetNumber, postal, full: parts.join(', ').slice(0, 300) };
}

// ───────────────────────────── tenders and EU projects ─────────────────────────────

function tenderProbability(id: Identity, tier: Tier): number {
  let p: number;
  if (id.section === 'F' || id.division === 71) p = 0.14;
  else if (id.division >= 69 && id.division <= 74) p = 0.1;
  else if (id.section === 'J') p = 0.08;
  else if (id.division === 46 || id.section === 'N') p = 0.06;
  else if (id.section === 'C' || id.section === 'Q') p = 0.04;
  else p = 0.012;
  const sizeFactor = { zero: 0.25, micro: 1, small: 2.2, medium: 3.5, large: 4 }[tier];
  return Math.min(0.85, p * sizeFactor);
}

function drawTenders(ctx: Context, rng: Rng, id: Identity, tier: Tier, count: number, fromYear: number, toYear: number): TenderRow[] {
  const mean = { zero: 1.5, micro: 2.5, small: 5, medium: 9, large: 16 }[tier];
  const n = Math.min(80, rng.count(mean));
  const category = cpvCategory({ section: id.section, division: id.division });
  const pool = ctx.tendersByCategory.get(category) ?? ctx.allTenders;
  const sizeFactor = { zero: 0.3, micro: 0.7, small: 1.5, medium: 4, large: 12 }[tier];
  const publicCount = count > PUBLIC_OFFSET ? Math.floor((count - 1 - PUBLIC_OFFSET) / PUBLIC_EVERY) + 1 : 0;
  const out: TenderRow[] = [];
  for (let k = 0; k < n; k++) {
    const sample = rng.chance(0.85) ? rng.pick(pool) : rng.pick(ctx.allTenders);
    let authorityCui: number;
    let authorityName: string;
    const j = publicCount > 0 && rng.chance(0.3) ? PUBLIC_OFFSET + PUBLIC_EVERY * rng.int(publicCount) : -1;
    if (j >= 0 && j !== id.index) {
      const a = identityOf(ctx, j);
      authorityCui = a.cui;
      authorityName = a.name;
    } else {
      const local = ctx.institutionsByCounty.get(id.county.id);
      const inst = local && rng.chance(0.7) ? rng.pick(local) : rng.pick(ctx.institutions);
      authorityCui = inst.cui;
      authorityName = inst.name;
    }
    const year = rng.intRange(fromYear, toYear);
    const publish = isoDate(year, rng.int(360));
    const finalValue = Math.max(100, Math.round(sample.value * sizeFactor * rng.logNormal(1, 0.7)));
    out.push({
      notice_no: `${finalValue > 270_000 ? 'CAN' : 'DAN'}${String(1_000_000 + ((id.index * 37 + k * 7919) % 8_999_999)).padStart(7, '0')}`,
      title: sample.title,
      cpv_code: sample.cpvCode,
      cpv_name: sample.cpvName,
      authority_cui: authorityCui,
      authority_name: authorityName,
      supplier_cui: id.cui,
      supplier_name: id.name,
      estimated_value: rng.chance(0.85) ? Math.round(finalValue * rng.range(1, 1.3)) : null,
      final_value: finalValue,
      publish_date: publish,
      finish_date: addDays(publish, rng.intRange(0, 150)),
    });
  }
  return out;
}

function drawEuProjects(ctx: Context, rng: Rng, id: Identity, estYear: number): EuProjectRow[] {
  const n = rng.chance(0.8) ? 1 : rng.intRange(2, 3);
  const out: EuProjectRow[] = [];
  for (let k = 0; k < n; k++) {
    const s = rng.pick(ctx.euSamples);
    const r = rng.next();
    // programming period: POR 2007–2013, 2014–2020, 2021–2027
    let start: string;
    let code: number;
    if (r < 0.3 && estYear <= 2011) {
      start = isoDate(rng.intRange(Math.max(2009, estYear + 1), 2013), rng.int(360));
      code = rng.intRange(1_000, 60_000);
    } else if (r < 0.75 && estYear <= 2019) {
      start = isoDate(rng.intRange(Math.max(2016, estYear + 1), 2021), rng.int(360));
      code = rng.intRange(100_000, 160_000);
    } else {
      start = isoDate(rng.intRange(Math.max(2022, Math.min(2024, estYear + 1)), 2024), rng.int(360));
      code = rng.intRange(300_000, 330_000);
    }
    const end = addDays(start, rng.intRange(300, 1_100));
    const scale = rng.logNormal(1, 0.5);
    const total = Math.round((s.total / 4.45) * scale);
    const ec = Math.min(total, Math.round((s.fedr / 4.45) * scale));
    const urls: string[] = [];
    const u = rng.next();
    if (u < 0.5) urls.push(`https://www.example.org/fonduri-ue/smis/${code}`);
    else if (u < 0.65) urls.push(`https://www.example.org/fonduri-ue/smis/${code}`, `https://www.example.org/fonduri-ue/smis/${code}/documentatie`);
    out.push({
      cui: id.cui,
      code: String(code),
      name: s.title,
      start_date: start,
      end_date: end,
      total_cost: total,
      ec_contribution: ec,
      urls,
      status_code: end > '2025-06-30' ? 'ONG' : 'CLO',
      topic: s.topic || null,
      objective: s.objective || null,
    });
  }
  return out;
}

// ───────────────────────────── one company ─────────────────────────────

type ResolvedOptions = { seed: number; count: number; years: number; fullYears: boolean };

function generateOne(ctx: Context, o: ResolvedOptions, index: number): CompanyBundle {
  const rng = new Rng(hash32(ctx.seed, index));
  const id = drawIdentity(ctx, rng, index);
  const windowStart = Math.max(FIRST_YEAR, LAST_YEAR - o.years + 1);

  // Establishment year follows the CUI (CUIs are allotted in order), 1990–2024.
  const lastEstYear = o.fullYears ? windowStart : LAST_YEAR;
  const estYear = 1990 + Math.min(lastEstYear - 1990, Math.floor(id.cuiFraction * (lastEstYear - 1990 + 1)));
  const estDate = isoDate(estYear, rng.int(360));
  // The status follows the age the CUI gives (not the benchmark's clamped date): ~43 % operating
  // in both shapes.
  const plan = drawStatus(rng, id, 1990 + Math.min(34, Math.floor(id.cuiFraction * 35)));
  const tier = drawTier(rng, id, plan.active);

  // Financial years: active ones up to 2024; the others stop in their last year of activity.
  let stopYear = LAST_YEAR;
  if (!plan.active) {
    const earliest = o.fullYears ? windowStart + o.years - 1 : Math.max(estYear, FIRST_YEAR + 1);
    stopYear = Math.min(LAST_YEAR, earliest + Math.floor(Math.sqrt(rng.next()) * (LAST_YEAR - earliest + 1)));
    stopYear = Math.max(stopYear, Math.min(LAST_YEAR, estYear));
  }
  const firstYear = Math.max(windowStart, estYear, stopYear - o.years + 1);
  const years = drawYears(rng, id, tier, firstYear, stopYear, estYear, plan.active);

  const address = drawAddress(ctx, rng, id);
  const cui = id.cui;
  const regType: RegistryType = id.legalForm === 'PFA' || id.legalForm === 'II' || id.legalForm === 'IF' ? 'F' : 'J';
  const maxOrder = id.county.code === 'B' ? 40_000 : COUNTY_SHARE[id.county.code] > 3 ? 9_000 : 3_500;
  const registrationCode = buildRegistrationCode({
    type: regType,
    county: id.county.id,
    orderNumber: 1 + rng.int(maxOrder),
    year: estYear,
  });

  // other activities: a few classes, mostly of the same division
  const others: string[] = [];
  const nOthers = rng.chance(0.45) ? rng.intRange(1, 5) : 0;
  for (let k = 0; k < nOthers; k++) {
    const same = ctx.caenByDivision.get(id.caen.slice(0, 2)) ?? ctx.caenClasses;
    const c = rng.chance(0.6) ? rng.pick(same) : ctx.caen.pick(rng);
    if (c !== id.caen && !others.includes(c)) others.push(c);
  }

  const latestEmployees = years.length ? years[years.length - 1].employees : 0;
  const bigness = tier === 'zero' ? 0 : tier === 'micro' ? 1 : tier === 'small' ? 2 : tier === 'medium' ? 3 : 4;

  // Public contacts and social links: operating, bigger companies publish them more often.
  let domainCache: string | null = null;
  const domain = () => (domainCache ??= `${slugify(id.core) || 'firma'}.ro`);
  const hasContacts = rng.chance(plan.active ? [0.28, 0.6, 0.8, 0.9, 0.95][bigness] : 0.06);
  const contacts: ContactRow[] = [];
  const socialMedia: SocialMediaRow[] = [];
  let website: string | null = null;
  if (hasContacts) {
    const n = Math.min(6, rng.count(1 + bigness * 0.6));
    for (let k = 0; k < n; k++) {
      const desk = CONTACT_DESKS[k === 0 ? 0 : rng.int(CONTACT_DESKS.length)];
      const personal = rng.chance(0.35);
      let name: string | null = desk[0];
      let role: string | null = desk[1];
      let local: string = desk[2];
      if (personal) {
        const p = personName(ctx, rng);
        name = `${p.first} ${p.last}`;
        role = rng.pick(['Administrator', 'Director', 'Manager vânzări', 'Contabil', 'Director general']);
        local = slugify(`${p.first}.${p.last}`, 20).replace(/-/g, '.');
      }
      const r = rng.next();
      const phone = r < 0.8 ? (rng.chance(0.55) ? phoneMobile(rng) : phoneLandline(rng, id.county.code)) : null;
      let email = r > 0.35 || phone === null ? `${local}@${domain()}` : null;
      if (email && email.length > 50) email = `office@${domain()}`; // the column holds 50 characters
      contacts.push({ cui, name: name.slice(0, 50), role: role.slice(0, 50), phone, email });
    }
    if (rng.chance(0.35 + bigness * 0.12)) {
      website = `https://www.${domain()}`;
      socialMedia.push({ cui, platform: 'Website', url: website });
    }
  } else if (plan.active && rng.chance(0.03)) {
    website = `https://www.${domain()}`;
    socialMedia.push({ cui, platform: 'Website', url: website });
  }
  let handleCache: string | null = null;
  const handleOf = () => (handleCache ??= slugify(id.core, 40) || `firma-${cui}`);
  if (plan.active) {
    if (rng.chance(hasContacts ? 0.3 : 0.04)) socialMedia.push({ cui, platform: 'Facebook', url: `https://www.facebook.com/${handleOf()}` });
    if (rng.chance(hasContacts ? 0.12 + bigness * 0.08 : 0.01)) socialMedia.push({ cui, platform: 'LinkedIn', url: `https://www.linkedin.com/company/${handleOf()}` });
    if (rng.chance(hasContacts ? 0.12 : 0.01)) socialMedia.push({ cui, platform: 'Instagram', url: `https://www.instagram.com/${handleOf().replace(/-/g, '_')}` });
    if (rng.chance(hasContacts ? 0.04 : 0.002)) socialMedia.push({ cui, platform: 'Youtube', url: `https://www.youtube.com/@${handleOf()}` });
    if (rng.chance(hasContacts ? 0.03 : 0.002)) socialMedia.push({ cui, platform: 'Twitter', url: `https://x.com/${handleOf().replace(/-/g, '_').slice(0, 15)}` });
  }

  // Representatives (ONRC: administrators and shareholders; the person of a PFA/II is its holder).
  const representatives: RepresentativeRow[] = [];
  const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.slice(0, 100);
  if (id.person) {
    representatives.push({ cui, name: fullName(id.person), role: id.legalForm === 'IF' ? 'Reprezentant' : 'Titular' });
    if (id.legalForm === 'IF') {
      const m = rng.intRange(1, 3);
      for (let k = 0; k < m; k++) representatives.push({ cui, name: fullName({ first: rng.pick(ctx.firstNames).name, last: id.person.last }), role: 'Membru' });
    }
  } else if (id.legalForm === 'SA' || id.legalForm === 'RA' || id.isPublic) {
    representatives.push({ cui, name: fullName(personName(ctx, rng)), role: 'Director general' });
    representatives.push({ cui, name: fullName(personName(ctx, rng)), role: 'Președinte CA' });
    const m = rng.intRange(1, 4);
    for (let k = 0; k < m; k++) representatives.push({ cui, name: fullName(personName(ctx, rng)), role: 'Membru CA' });
  } else if (rng.chance(0.97)) {
    const owner = personName(ctx, rng);
    const partners = rng.chance(0.6) ? 0 : rng.intRange(1, 3);
    if (partners === 0) {
      representatives.push({ cui, name: fullName(owner), role: 'Asociat unic și administrator' });
    } else {
      representatives.push({ cui, name: fullName(owner), role: 'Asociat și administrator' });
      for (let k = 0; k < partners; k++) representatives.push({ cui, name: fullName(personName(ctx, rng)), role: 'Asociat' });
    }
  }

  const activeTo = plan.active ? LAST_YEAR : stopYear;
  const activeFrom = Math.max(2016, estYear);
  const tenders =
    activeTo >= activeFrom && rng.chance(plan.active ? tenderProbability(id, tier) : tenderProbability(id, tier) * 0.3)
      ? drawTenders(ctx, rng, id, tier, o.count, activeFrom, activeTo)
      : [];
  const euP = id.isPublic ? 0.1 : (id.legalForm === 'SRL' || id.legalForm === 'SA') && plan.active ? [0.003, 0.02, 0.06, 0.12, 0.2][bigness] : 0;
  const euProjects = euP > 0 && rng.chance(euP) ? drawEuProjects(ctx, rng, id, estYear) : [];

  const company: CompanyRow = {
    cui,
    name: id.name,
    registration_code: registrationCode,
    euid: EUID_PREFIX + registrationCode,
    legal_form: id.legalForm,
    county_id: id.county.id,
    locality_id: id.locality.id,
    village: address.village,
    street: address.street,
    street_number: address.streetNumber,
    postal_code: address.postal,
    full_address: address.full,
    establishment_date: estDate,
    status_code: plan.code,
    is_active: plan.active,
    caen_code: id.caen,
    other_caen_codes: others,
    website,
    updated_at: isoDate(2025, 180 + rng.int(30)),
  };
  void latestEmployees;
  return {
    index,
    company,
    years,
    statusEvents: statusEvents(rng, cui, plan, estDate, stopYear),
    contacts,
    representatives,
    socialMedia,
    tenders,
    euProjects,
  };
}

function resolve(opts: GeneratorOptions): ResolvedOptions & { start: number; end: number } {
  const count = opts.count;
  if (!Number.isInteger(count) || count < 0 || count > MAX_COMPANIES) {
    throw new RangeError(`count must be an integer between 0 and ${MAX_COMPANIES}`);
  }
  const years = opts.yearsPerCompany ?? LAST_YEAR - FIRST_YEAR + 1;
  if (!Number.isInteger(years) || years < 1 || years > LAST_YEAR - FIRST_YEAR + 1) {
    throw new RangeError(`yearsPerCompany must be between 1 and ${LAST_YEAR - FIRST_YEAR + 1}`);
  }
  const start = opts.start ?? 0;
  const end = Math.min(opts.end ?? count, count);
  return { seed: opts.seed ?? DEFAULT_SEED, count, years, fullYears: opts.fullYears ?? false, start, end };
}

/** The CUI space is cut into this many slots; companies sit in slot order (= CUI order). */
export const CUI_SLOT_COUNT = CUI_PRIME;

/**
 * The companies of the set whose CUI slot is in [fromSlot, toSlot), in CUI order. Consecutive
 * slot ranges concatenate to generateCompanies(opts): parallel workers each take ranges.
 */
export function* generateCompaniesInSlots(opts: GeneratorOptions, fromSlot: number, toSlot: number): Generator<CompanyBundle> {
  const o = resolve(opts);
  const ctx = getContext(o.seed);
  for (let slot = Math.max(0, fromSlot); slot < Math.min(toSlot, CUI_PRIME); slot++) {
    const index = indexOfSlot(ctx, slot);
    if (index < o.count) yield generateOne(ctx, o, index);
  }
}

/** Company i of the set described by opts (same result as the i-th item of generateCompanies). */
export function generateCompany(opts: GeneratorOptions, index: number): CompanyBundle {
  const o = resolve(opts);
  return generateOne(getContext(o.seed), o, index);
}

/**
 * Streams the set one bundle (company + all its rows) at a time, in ascending CUI order like a
 * registry export: tables loaded in this order are physically sorted by CUI, so a company's years
 * sit on one page. start/end are positions in that order (a worker generates a slice).
 */
export function* generateCompanies(opts: GeneratorOptions): Generator<CompanyBundle> {
  const o = resolve(opts);
  const ctx = getContext(o.seed);
  let position = 0;
  for (let slot = 0; slot < CUI_PRIME && position < o.end; slot++) {
    const index = indexOfSlot(ctx, slot);
    if (index >= o.count) continue;
    if (position++ < o.start) continue;
    yield generateOne(ctx, o, index);
  }
}

/** The public institutions used as contracting authorities (not companies), for tests and docs. */
export function listInstitutions(seed = DEFAULT_SEED): readonly { cui: number; name: string; countyId: number }[] {
  return getContext(seed).institutions;
}
