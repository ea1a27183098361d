import {
  ANNUAL_INDICATORS,
  CLAIM_STATUS_FILTERS,
  CUSTOMER_ORDER_OPTIONS,
  METRIC_KEYS,
  METRIC_LABELS,
  activityYears,
  addLastSearched,
  ageLabel,
  amountRange,
  businessSizeByTurnover,
  canToggleComparisonMetric,
  claimActions,
  claimStatusText,
  collaborationNodeColor,
  collectiveSize,
  comparisonCounter,
  contactHref,
  defaultComparisonMetric,
  deliveryStatus,
  euProjectStatus,
  euUrlDisplay,
  growthLabel,
  growthTrend,
  insolvencyGauge,
  insolvencyRisk,
  isEmailLike,
  mailStatus,
  metricLabel,
  nextSort,
  ownContribution,
  statusIcon,
  tenderRole,
  toggleComparisonMetric,
  toggleSort,
  zoomSeries,
  type LastSearchedCompany,
} from '@/lib/company-rules';

describe('businessSizeByTurnover', () => {
  it.each([
    [0, 'micro'],
    [-5000, 'micro'],
    [1_999_999, 'micro'],
    [2_000_000, ''],
    [2_000_001, 'mică'],
    [9_999_999, 'mică'],
    [10_000_000, ''],
    [10_000_001, 'mijlocie'],
    [49_999_999, 'mijlocie'],
    [50_000_000, ''],
    [50_000_001, 'mare'],
    [33_828_196_866, 'mare'],
  ])('%p -> %p', (turnover, expected) => {
    expect(businessSizeByTurnover(turnover)).toBe(expected);
  });
  it('is blank without a value', () => {
    expect(businessSizeByTurnover(null)).toBe('');
    expect(businessSizeByTurnover(Number.NaN)).toBe('');
  });
});

describe('collectiveSize', () => {
  it.each([
    [0, 'restrâns'],
    [9, 'restrâns'],
    [10, ''],
    [11, 'mic'],
    [49, 'mic'],
    [50, ''],
    [51, 'mijlociu'],
    [249, 'mijlociu'],
    [250, ''],
    [251, 'mare'],
    [7228, 'mare'],
  ])('%p employees -> %p', (employees, expected) => {
    expect(collectiveSize(employees)).toBe(expected);
  });
  it('is blank without a value', () => {
    expect(collectiveSize(undefined)).toBe('');
  });
});

describe('ageLabel', () => {
  it.each([
    [0, 'Nou înființată'],
    [0.99, 'Nou înființată'],
    [1, 'Firmă tânără'],
    [4.99, 'Firmă tânără'],
    [5, 'Firmă medie'],
    [19, 'Firmă medie'],
    [20, 'Firmă veche'],
    [80, 'Firmă veche'],
    [-1, '-'],
    [null, '-'],
    [Number.NaN, '-'],
  ])('%p years -> %p', (years, expected) => {
    expect(ageLabel(years)).toBe(expected);
  });
});

describe('activityYears', () => {
  it('counts whole years since establishment', () => {
    expect(activityYears('2002-03-15', '2024-03-14')).toBe(21);
    expect(activityYears('2002-03-15', '2024-03-15')).toBe(22);
    expect(activityYears('2024-01-01', '2024-12-31')).toBe(0);
    expect(activityYears('2002-01-01T00:00:00.000Z', new Date(Date.UTC(2024, 0, 1)))).toBe(22);
  });
  it('uses the Bucharest calendar for zoned timestamps', () => {
    // 22:30 UTC on 14 March is already 15 March in Bucharest
    expect(activityYears('2002-03-15', '2024-03-14T22:30:00Z')).toBe(22);
  });
  it('is null for missing dates', () => {
    expect(activityYears(null, '2024-01-01')).toBeNull();
    expect(activityYears('not a date', '2024-01-01')).toBeNull();
  });
});

describe('growth', () => {
  it('labels growth and fall with a direction', () => {
    expect(growthLabel(true, 'Profit')).toEqual({ text: 'creștere profit', direction: 'up' });
    expect(growthLabel(false, 'Turnover')).toEqual({ text: 'scădere cifră de afaceri', direction: 'down' });
    expect(growthLabel(null, 'Employees')).toEqual({ text: 'scădere angajați', direction: 'down' });
    expect(growthLabel(true, 'vânzări')).toEqual({ text: 'creștere vânzări', direction: 'up' });
  });
  it('maps GrowthStatus to the arrow', () => {
    expect(growthTrend('up')).toEqual({ direction: 'up', color: 'green' });
    expect(growthTrend('Up')).toEqual({ direction: 'up', color: 'green' });
    expect(growthTrend('down')).toEqual({ direction: 'down', color: 'red' });
    expect(growthTrend(undefined)).toEqual({ direction: 'down', color: 'red' });
  });
});

describe('insolvency', () => {
  it('maps the score onto the gauge, then adds 2', () => {
    expect(insolvencyGauge(1.79)).toBe(102);
    expect(insolvencyGauge(1.8)).toBeCloseTo(102, 10);
    expect(insolvencyGauge(2.4)).toBeCloseTo(3 + (0.59 / 1.19) * 97 + 2, 10);
    expect(insolvencyGauge(2.4)).toBeCloseTo(53.09, 2);
    expect(insolvencyGauge(2.99)).toBeCloseTo(5, 10);
    expect(insolvencyGauge(3.0)).toBe(5);
    expect(insolvencyGauge(-4)).toBe(102);
    expect(insolvencyGauge(12)).toBe(5);
    expect(insolvencyGauge(null)).toBeNull();
  });
  it('is monotonic between the thresholds', () => {
    expect(insolvencyGauge(2.0)!).toBeGreaterThan(insolvencyGauge(2.5)!);
  });
  it('labels the Altman Z zones', () => {
    expect(insolvencyRisk(1.79)).toEqual({ level: 'high', label: 'Ridicat' });
    expect(insolvencyRisk(1.8)).toEqual({ level: 'medium', label: 'Mediu' });
    expect(insolvencyRisk(2.4)).toEqual({ level: 'medium', label: 'Mediu' });
    expect(insolvencyRisk(2.99)).toEqual({ level: 'medium', label: 'Mediu' });
    expect(insolvencyRisk(3.0)).toEqual({ level: 'low', label: 'Scăzut' });
    expect(insolvencyRisk(undefined)).toBeNull();
  });
});

describe('statusIcon', () => {
  it.each([1036, 1069, 1067, 2127, 2132, 2133, '2133'])('%p is penal', (code) => {
    expect(statusIcon(code)).toBe('penal');
  });
  it.each([1070, 1052, 1107])('%p is insolvency', (code) => {
    expect(statusIcon(code)).toBe('insolvency');
  });
  it.each([1048, 1084, 1139, null, 'x'])('%p is generic', (code) => {
    expect(statusIcon(code)).toBe('generic');
  });
});

describe('zoomSeries', () => {
  const years = (n: number) => Array.from({ length: n }, (_, i) => 2010 + i);
  it('has no toggle up to 8 years and shows everything', () => {
    expect(zoomSeries(years(8))).toEqual({ canToggle: false, items: years(8) });
    expect(zoomSeries(years(8), false).items).toHaveLength(8);
  });
  it('defaults to the last 6 years above 8', () => {
    expect(zoomSeries(years(9))).toEqual({ canToggle: true, items: [2013, 2014, 2015, 2016, 2017, 2018] });
    expect(zoomSeries(years(9), true).items).toHaveLength(9);
  });
});

describe('comparison selection', () => {
  it('adds and removes metrics between 1 and 5', () => {
    expect(toggleComparisonMetric(['NetTurnover'], 'NetProfit')).toEqual(['NetTurnover', 'NetProfit']);
    expect(toggleComparisonMetric(['NetTurnover', 'NetProfit'], 'NetTurnover')).toEqual(['NetProfit']);
  });
  it('never unchecks the last one', () => {
    expect(toggleComparisonMetric(['NetTurnover'], 'NetTurnover')).toEqual(['NetTurnover']);
    expect(canToggleComparisonMetric(['NetTurnover'], 'NetTurnover')).toBe(false);
  });
  it('never adds a sixth', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(toggleComparisonMetric(five, 'f')).toEqual(five);
    expect(canToggleComparisonMetric(five, 'f')).toBe(false);
    expect(canToggleComparisonMetric(five, 'a')).toBe(true);
    expect(comparisonCounter(five)).toBe('5/5');
    expect(comparisonCounter(['a'])).toBe('1/5');
  });
  it('preselects the first metric, or the first with data', () => {
    expect(defaultComparisonMetric([{ key: 'a', hasData: true }, { key: 'b', hasData: true }])).toBe('a');
    expect(defaultComparisonMetric([{ key: 'a', hasData: false }, { key: 'b', hasData: true }])).toBe('b');
    expect(defaultComparisonMetric([{ key: 'a', hasData: false }])).toBe('a');
    expect(defaultComparisonMetric([])).toBeNull();
  });
});

describe('metric labels', () => {
  it('has the 19 labels with comma-below diacritics', () => {
    expect(METRIC_KEYS).toHaveLength(19);
    expect(METRIC_LABELS.CashRegisterAndBankAccounts).toBe('Casă și conturi la bănci');
    expect(METRIC_LABELS.ExpensesInAdvance).toBe('Cheltuieli în avans');
    expect(METRIC_LABELS.IncomeInAdvance).toBe('Venituri în avans');
    expect(METRIC_LABELS.InsolvencyRisk).toBe('Riscul de insolvență');
    expect(metricLabel('NetTurnover')).toBe('Cifra de afaceri');
    expect(metricLabel('Unknown')).toBe('Unknown');
    const all = Object.values(METRIC_LABELS).join(' ');
    expect(all).not.toMatch(/[şţŞŢ]/);
  });
  it('lists the 12 annual indicators in order', () => {
    expect(ANNUAL_INDICATORS.map((i) => i.key)).toEqual([
      'NetTurnover',
      'NetProfit',
      'Employees',
      'Debts',
      'CashRegisterAndBankAccounts',
      'TotalExpenses',
      'TotalCirculatingAssets',
      'Stocks',
      'Receivables',
      'TotalCapitals',
      'Provisions',
      'TotalIncome',
    ]);
  });
});

describe('nextSort (tenders, EU projects)', () => {
  it('toggles the same column', () => {
    expect(nextSort('Title', 'Title')).toBe('Title_desc');
    expect(nextSort('Title_desc', 'Title')).toBe('Title');
  });
  it('sorts a new column ascending after a descending sort, otherwise descending', () => {
    expect(nextSort('Title_desc', 'CPV')).toBe('CPV');
    expect(nextSort('Title', 'CPV')).toBe('CPV_desc');
    expect(nextSort('', 'CPV')).toBe('CPV_desc');
    expect(nextSort(null, 'CPV')).toBe('CPV_desc');
  });
});

describe('toggleSort (admin lists)', () => {
  it('sorts a new column ascending, then adds _desc, then removes it', () => {
    expect(toggleSort('Name', 'GroupsNumber')).toBe('GroupsNumber');
    expect(toggleSort('GroupsNumber', 'GroupsNumber')).toBe('GroupsNumber_desc');
    expect(toggleSort('GroupsNumber_desc', 'GroupsNumber')).toBe('GroupsNumber');
    expect(toggleSort('Name_desc', 'GroupsNumber')).toBe('GroupsNumber');
  });
});

describe('amountRange', () => {
  it('sets the missing bound to 0', () => {
    expect(amountRange(1000, null)).toEqual({ min: 1000, max: 0 });
    expect(amountRange('', '5000')).toEqual({ min: 0, max: 5000 });
    expect(amountRange(10, 20)).toEqual({ min: 10, max: 20 });
    expect(amountRange(null, undefined)).toEqual({ min: null, max: null });
    expect(amountRange(-1, 'x')).toEqual({ min: null, max: null });
  });
});

describe('EU projects', () => {
  it('derives the status from the code', () => {
    expect(euProjectStatus('CLOSED')).toBe('Închis');
    expect(euProjectStatus('PRJ_CLO')).toBe('Închis');
    expect(euProjectStatus('clo')).toBe('Închis');
    expect(euProjectStatus('ONGOING')).toBe('În desfășurare');
    expect(euProjectStatus(null)).toBe('În desfășurare');
  });
  it('computes the own contribution', () => {
    expect(ownContribution(1000, 850)).toBe(150);
    expect(ownContribution(1000, null)).toBeNull();
  });
  it('displays URLs as a dash, a link or a dropdown', () => {
    expect(euUrlDisplay([])).toEqual({ kind: 'none', text: '-' });
    expect(euUrlDisplay(null)).toEqual({ kind: 'none', text: '-' });
    expect(euUrlDisplay(['', '  '])).toEqual({ kind: 'none', text: '-' });
    expect(euUrlDisplay(['https://a.eu/x'])).toEqual({ kind: 'link', href: 'https://a.eu/x', text: 'https://a.eu/x' });
    expect(euUrlDisplay(['https://example.eu/documentatie.pdf', 'https://b.eu'])).toEqual({
      kind: 'dropdown',
      label: 'Documentație',
      links: [
        { href: 'https://example.eu/documentatie.pdf', text: 'https://example.e...' },
        { href: 'https://b.eu', text: 'https://b.eu' },
      ],
    });
  });
});

describe('misc labels', () => {
  it('tender role', () => {
    expect(tenderRole(true)).toBe('Furnizor');
    expect(tenderRole(false)).toBe('Contractant');
    expect(tenderRole(undefined)).toBe('Contractant');
  });
  it('collaboration node colours', () => {
    expect(collaborationNodeColor(1)).toBe('orange');
    expect(collaborationNodeColor(2)).toBe('purple');
    expect(collaborationNodeColor(3)).toBe('blue');
  });
  it('customer order options', () => {
    expect(CUSTOMER_ORDER_OPTIONS.map((o) => o.value)).toEqual(['Name', 'SmallBusiness', 'MediumBusiness', 'LargeBusiness']);
    expect(CUSTOMER_ORDER_OPTIONS[0].label).toBe('Toate firmele');
  });
  it('claim status texts and actions', () => {
    expect(claimStatusText(null)).toBe('În așteptare');
    expect(claimStatusText(true)).toBe('Acceptat');
    expect(claimStatusText(false)).toBe('Respins');
    expect(claimActions(null)).toEqual({ canApprove: true, canReject: true });
    expect(claimActions(true)).toEqual({ canApprove: false, canReject: true });
    expect(claimActions(false)).toEqual({ canApprove: true, canReject: false });
    expect(CLAIM_STATUS_FILTERS.map((f) => f.query)).toEqual([' ', 'true', 'false']);
  });
  it('mail statuses', () => {
    expect(mailStatus('Trimis')).toEqual({ text: 'Trimis', color: 'grey' });
    expect(mailStatus('Deschis')).toEqual({ text: 'Deschis', color: 'blue' });
    expect(mailStatus('Interactionat')).toEqual({ text: 'Interacționat', color: 'green' });
    expect(mailStatus(2)).toEqual({ text: 'Interacționat', color: 'green' });
    expect(mailStatus('Bounced')).toEqual({ text: 'Bounced', color: 'grey' });
    expect(mailStatus(null)).toEqual({ text: '-', color: 'grey' });
    expect(deliveryStatus(false)).toEqual({ text: 'Livrat', color: 'grey' });
    expect(deliveryStatus(true)).toEqual({ text: 'Deschis', color: 'blue' });
  });
});

describe('contact links', () => {
  it('tells emails from phones', () => {
    expect(isEmailLike('office@dante.ro')).toBe(true);
    expect(isEmailLike('0721 234 567')).toBe(false);
    expect(contactHref('office@dante.ro')).toBe('mailto:office@dante.ro');
    expect(contactHref(' 0721-234 567 ')).toBe('tel:0721234567');
    expect(contactHref('+40 (0)21 123 4567')).toBe('tel:+40211234567');
    expect(contactHref('(0)21 123 4567')).toBe('tel:0211234567');
  });
});

describe('addLastSearched', () => {
  it('puts the newest first, removes duplicates and keeps at most 5', () => {
    const list: LastSearchedCompany[] = [1, 2, 3, 4, 5].map((n) => ({ Cui: n, Name: `F${n}` }));
    expect(addLastSearched(list, { Cui: 6, Name: 'F6' }).map((c) => c.Cui)).toEqual([6, 1, 2, 3, 4]);
    expect(addLastSearched(list, { Cui: '3', Name: 'F3' }).map((c) => String(c.Cui))).toEqual(['3', '1', '2', '4', '5']);
    expect(addLastSearched([], { Cui: 1, Name: 'F1' })).toHaveLength(1);
  });
});
