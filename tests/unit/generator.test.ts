import { isValidCui, isValidEuid, parseRegistrationCode } from '@/lib/cui';
import {
  cuiForIndex,
  DEFAULT_SEED,
  generateCompanies,
  generateCompany,
  listInstitutions,
  type CompanyBundle,
} from '@/scripts/data/generator';
import { INSOLVENCY_HIGH_THRESHOLD, insolvencyRisk } from '@/lib/company-rules';
import { insolvencyScore } from '../support/insolvency-score';

const N = 20_000;
let set: CompanyBundle[];

beforeAll(() => {
  set = [...generateCompanies({ count: N })];
});

describe('determinism', () => {
  it('gives identical output for the same seed', () => {
    const a = [...generateCompanies({ count: 300, seed: 7 })];
    const b = [...generateCompanies({ count: 300, seed: 7 })];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('gives different output for a different seed', () => {
    const a = [...generateCompanies({ count: 300, seed: 7 })];
    const b = [...generateCompanies({ count: 300, seed: 8 })];
    expect(a.map((x) => x.company.cui)).not.toEqual(b.map((x) => x.company.cui));
    expect(a.map((x) => x.company.name)).not.toEqual(b.map((x) => x.company.name));
  });

  it('generates company i the same way alone, in a stream, or in a bigger set', () => {
    const alone = generateCompany({ count: N }, 1234);
    expect(JSON.stringify(set.find((b) => b.index === 1234))).toBe(JSON.stringify(alone));
    expect(cuiForIndex(DEFAULT_SEED, 1234)).toBe(alone.company.cui);
    // a bigger set keeps the identity and figures of its first companies
    expect(generateCompany({ count: N * 2 }, 1234).company).toEqual(alone.company);
  });

  it('streams in ascending CUI order and slices by position', () => {
    const cuis = set.map((b) => b.company.cui);
    expect(cuis.every((c, k) => k === 0 || c > cuis[k - 1])).toBe(true);
    const slice = [...generateCompanies({ count: N, start: 100, end: 110 })];
    expect(slice.map((b) => b.company.cui)).toEqual(cuis.slice(100, 110));
  });
});

describe('identifiers', () => {
  it('gives every company a unique CUI with a valid check digit', () => {
    const cuis = set.map((b) => b.company.cui);
    expect(new Set(cuis).size).toBe(N);
    const invalid = cuis.filter((c) => !isValidCui(c));
    expect(invalid).toEqual([]);
  });

  it('writes registration codes as J/F<county>/<number>/<year of establishment> and EUIDs as ROONRC.<code>', () => {
    const wrong = set
      .map((b) => b.company)
      .filter((c) => {
        const parsed = parseRegistrationCode(c.registration_code);
        return (
          !/^[JF]\d{2}\/\d{1,6}\/\d{4}$/.test(c.registration_code) ||
          parsed === null ||
          Number(parsed.county) !== c.county_id ||
          parsed.year !== Number(c.establishment_date.slice(0, 4)) ||
          parsed.type !== (['PFA', 'II', 'IF'].includes(c.legal_form) ? 'F' : 'J') ||
          c.euid !== `ROONRC.${c.registration_code}` ||
          !isValidEuid(c.euid)
        );
      })
      .map((c) => [c.registration_code, c.euid]);
    expect(wrong).toEqual([]);
  });

  it('gives contracting authorities valid CUIs outside the companies’ range', () => {
    const companies = new Set(set.map((b) => b.company.cui));
    const institutions = listInstitutions();
    expect(institutions.length).toBeGreaterThan(3_000);
    expect(institutions.filter((i) => !isValidCui(i.cui) || companies.has(i.cui))).toEqual([]);
  });
});

describe('distributions (20,000 companies)', () => {
  const share = (pred: (b: CompanyBundle) => boolean) => set.filter(pred).length / N;

  it('puts about 19 % of companies in Bucharest, in a sector', () => {
    const bucharest = set.filter((b) => b.company.county_id === 40);
    expect(bucharest.length / N).toBeGreaterThan(0.17);
    expect(bucharest.length / N).toBeLessThan(0.21);
    expect(bucharest.filter((b) => b.company.locality_id < 179141 || b.company.locality_id > 179196)).toEqual([]);
  });

  it('has about 43 % active companies', () => {
    const active = share((b) => b.company.is_active);
    expect(active).toBeGreaterThan(0.4);
    expect(active).toBeLessThan(0.46);
    expect(set.filter((b) => b.company.is_active).every((b) => b.company.status_code === 1048)).toBe(true);
  });

  it('has about 70 % companies with no employees in their latest year', () => {
    const zero = share((b) => (b.years.at(-1)?.employees ?? 0) === 0);
    expect(zero).toBeGreaterThan(0.65);
    expect(zero).toBeLessThan(0.75);
  });

  it('makes CAEN 4711 the most common main activity, then construction and road freight', () => {
    const counts = new Map<string, number>();
    for (const b of set) counts.set(b.company.caen_code, (counts.get(b.company.caen_code) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1]).map(([code]) => code);
    expect(top[0]).toBe('4711');
    expect(counts.get('4711')! / N).toBeGreaterThan(0.1);
    expect(top.slice(0, 5)).toEqual(expect.arrayContaining(['4120', '4941']));
  });

  it('makes SRL the most common legal form and upper-cases names like ONRC, some with diacritics', () => {
    expect(share((b) => b.company.legal_form === 'SRL')).toBeGreaterThan(0.65);
    expect(share((b) => b.company.legal_form === 'PFA')).toBeGreaterThan(0.05);
    expect(set.filter((b) => b.company.name !== b.company.name.toUpperCase()).map((b) => b.company.name)).toEqual([]);
    expect(set.some((b) => /[ĂÂÎȘȚ]/.test(b.company.name))).toBe(true);
    expect(set.filter((b) => b.company.legal_form === 'SRL' && !/ S\.?R\.?L\.?$/.test(b.company.name)).map((b) => b.company.name)).toEqual([]);
  });

  it('puts a realistic minority at high insolvency risk on the latest year (spec rule, 1.8 / 2.99)', () => {
    const levels = set.map((b) => insolvencyRisk(b.years.length ? insolvencyScore(b.years.at(-1)!) : null)?.level ?? 'none');
    const levelShare = (level: string) => levels.filter((l) => l === level).length / N;
    expect(levelShare('none')).toBeLessThan(0.01);
    // has_insolvency_risk (score < 1.8) is what search filters on and the landing counts
    expect(INSOLVENCY_HIGH_THRESHOLD).toBe(1.8);
    expect(levelShare('high')).toBeGreaterThan(0.08);
    expect(levelShare('high')).toBeLessThan(0.25);
    expect(levelShare('medium')).toBeGreaterThan(0.15);
    expect(levelShare('medium')).toBeLessThan(0.35);
    // operating companies are sounder than the ones that stopped
    const activeHigh = set.filter((b, k) => b.company.is_active && levels[k] === 'high').length / set.filter((b) => b.company.is_active).length;
    expect(activeHigh).toBeLessThan(levelShare('high'));
  });

  it('has a few very large companies with billions of lei of turnover', () => {
    const big = set.filter((b) => (b.years.at(-1)?.net_turnover ?? 0) > 1e9);
    expect(big.length).toBeGreaterThan(2);
    expect(big.length / N).toBeLessThan(0.005);
  });
});

describe('financial years', () => {
  it('covers 2015–2024 with consecutive years and consistent indicators', () => {
    const problems: string[] = [];
    for (const b of set) {
      b.years.forEach((y, k) => {
        const bad = (what: string) => problems.push(`${b.company.cui}/${y.year}: ${what}`);
        if (y.year < 2015 || y.year > 2024) bad('year out of range');
        if (k > 0 && y.year !== b.years[k - 1].year + 1) bad('gap');
        if (y.cui !== b.company.cui) bad('cui');
        if (y.total_income - y.total_expenses !== y.gross_profit - y.gross_loss) bad('income − expenses ≠ gross result');
        if (Math.min(y.gross_profit, y.gross_loss) !== 0 || Math.min(y.net_profit, y.net_loss) !== 0) bad('profit and loss');
        if (y.net_profit > y.gross_profit) bad('net profit above gross profit');
        for (const v of [y.net_turnover, y.total_income, y.total_expenses, y.stocks, y.receivables, y.cash_and_bank, y.debts, y.employees]) {
          if (v < 0 || !Number.isInteger(v)) bad(`bad value ${v}`);
        }
        if (y.total_circulating_assets !== y.stocks + y.receivables + y.cash_and_bank) bad('current assets');
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('includes losses and year-over-year spikes', () => {
    const losses = set.filter((b) => b.years.some((y) => y.net_loss > 0)).length;
    expect(losses / N).toBeGreaterThan(0.2);
    const spikes = set.filter((b) =>
      b.years.some((y, k) => k > 0 && b.years[k - 1].net_turnover > 50_000 && (y.net_turnover >= 2 * b.years[k - 1].net_turnover || y.net_turnover <= b.years[k - 1].net_turnover / 2)),
    ).length;
    expect(spikes / N).toBeGreaterThan(0.05);
  });

  it('gives every company exactly N years in the benchmark shape', () => {
    const shape = [...generateCompanies({ count: 2_000, yearsPerCompany: 6, fullYears: true })];
    expect(shape.filter((b) => b.years.length !== 6)).toEqual([]);
    expect(shape.filter((b) => b.company.is_active && b.years.at(-1)!.year !== 2024)).toEqual([]);
  });
});

describe('related rows', () => {
  it('links contacts, representatives, social links, tenders and EU projects to their company', () => {
    const problems: string[] = [];
    let contacts = 0;
    for (const b of set) {
      const bad = (what: string) => problems.push(`${b.company.cui}: ${what}`);
      for (const c of b.contacts) {
        contacts++;
        if (c.cui !== b.company.cui) bad('contact cui');
        if (!c.phone && !c.email) bad('empty contact');
        if (c.phone && !/^0\d{2,3} \d{3} \d{3,4}$/.test(c.phone)) bad(`phone ${c.phone}`);
        if (c.email && (c.email.length > 50 || !/^[a-z0-9.]+@[a-z0-9-]+\.ro$/.test(c.email))) bad(`email ${c.email}`);
      }
      if (new Set(b.socialMedia.map((s) => s.platform)).size !== b.socialMedia.length) bad('duplicate platform');
      for (const t of b.tenders) {
        if (t.supplier_cui !== b.company.cui || t.authority_cui === b.company.cui) bad('tender parties');
        if (!isValidCui(t.authority_cui)) bad('authority cui');
        if (!/^\d{8}-\d$/.test(t.cpv_code)) bad(`cpv ${t.cpv_code}`);
        if (t.finish_date < t.publish_date) bad('tender dates');
      }
      for (const p of b.euProjects) {
        if (!['CLO', 'ONG'].includes(p.status_code)) bad('eu status');
        if (p.ec_contribution > p.total_cost) bad('eu amounts');
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(contacts).toBeGreaterThan(N * 0.1);
    expect(set.filter((b) => b.representatives.length > 0).length / N).toBeGreaterThan(0.9);
    expect(set.filter((b) => b.tenders.length > 0).length).toBeGreaterThan(200);
    expect(set.filter((b) => b.euProjects.length > 0).length).toBeGreaterThan(30);
  });

  it('uses public-sector companies of the set as contracting authorities too (a collaboration network)', () => {
    const byCui = new Map(set.map((b) => [b.company.cui, b.company]));
    const tenders = set.flatMap((b) => b.tenders);
    const companyAuthorities = tenders.filter((t) => byCui.has(t.authority_cui));
    expect(companyAuthorities.length).toBeGreaterThan(tenders.length * 0.1);
    expect(companyAuthorities.filter((t) => byCui.get(t.authority_cui)!.name !== t.authority_name)).toEqual([]);
  });
});
