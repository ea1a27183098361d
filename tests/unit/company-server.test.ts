// Pure parts of the company pages' server code: growth, year details, statistics, list parsing,
// amount rule, ranking metric, find-customers stems, SEO helpers.
import { growthPercent, growthStatus } from '@/server/company/metrics';
import { activityYears, buildYearDetails, trendToStatistics } from '@/server/company/queries';
import { resolveMetric } from '@/lib/company/series';
import { amountRange } from '@/server/company/tenders';
import { orderClause, parseSort, textFilter } from '@/server/company/list-utils';
import { escapeLike, Params } from '@/server/kernel/sql';
import { rankMetricFor } from '@/server/company/rankings';
import { customerStems } from '@/server/customers/queries';
import { jsonLdText, organizationJsonLd, companyDescription } from '@/server/company/seo';
import { TENDER_SORT } from '@/server/company/tenders';
import type { CompanyDetails } from '@/server/company/dto';

describe('growth', () => {
  it('is the percent change against |previous|, 2 decimals, null without a base', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
    expect(growthPercent(-50, -100)).toBe(50); // a smaller loss is growth
    expect(growthPercent(1, 3)).toBe(-66.67);
    expect(growthPercent(10, 0)).toBeNull();
    expect(growthPercent(null, 10)).toBeNull();
    expect(growthPercent(10, null)).toBeNull();
  });
  it('status is up, down, equal or null', () => {
    expect(growthStatus(0.01)).toBe('up');
    expect(growthStatus(-0.01)).toBe('down');
    expect(growthStatus(0)).toBe('equal');
    expect(growthStatus(null)).toBeNull();
  });
});

describe('buildYearDetails', () => {
  const row = (year: number, t: number, e: number) => ({ year, net_turnover: t, employees: e, insolvency_score: null }) as never;
  it('gives every metric value and growth against the previous year, latest year first', () => {
    const out = buildYearDetails([row(2022, 100, 10), row(2023, 200, 5)]);
    expect(out.map((y) => y.Year)).toEqual([2023, 2022]);
    expect(out[0].CompanyDetails.NetTurnover).toEqual({ Value: 200, Growth: 100, GrowthStatus: 'up' });
    expect(out[0].CompanyDetails.Employees).toEqual({ Value: 5, Growth: -50, GrowthStatus: 'down' });
    expect(out[1].CompanyDetails.NetTurnover).toEqual({ Value: 100, Growth: null, GrowthStatus: null });
    expect(out[0].CompanyDetails.InsolvencyRisk.Value).toBeNull();
    expect(Object.keys(out[0].CompanyDetails)).toHaveLength(21);
  });
  it('empty input gives no years', () => expect(buildYearDetails([])).toEqual([]));
});

describe('activityYears (server)', () => {
  const today = new Date(Date.UTC(2026, 10, 21));
  it('counts whole years, the anniversary included', () => {
    expect(activityYears('2016-11-21', today)).toBe(10);
    expect(activityYears('2016-11-22', today)).toBe(9);
    expect(activityYears('2026-01-01', today)).toBe(0);
    expect(activityYears(null, today)).toBeNull();
  });
});

describe('resolveMetric', () => {
  it('accepts the documented keys in any case and the graph-row aliases', () => {
    expect(resolveMetric('debts')).toBe('Debts');
    expect(resolveMetric('Turnover')).toBe('NetTurnover');
    expect(resolveMetric('Profit')).toBe('NetProfit');
    expect(resolveMetric('nothing')).toBeNull();
  });
});

describe('trendToStatistics', () => {
  it('maps the trend row; HasUpwardSpike is null without a spike year', () => {
    const s = trendToStatistics({
      employees_has_growth: true, employees_spike_year: null, employees_spike_up: false,
      turnover_has_growth: false, turnover_spike_year: 2020, turnover_spike_up: true,
      profit_has_growth: null, profit_spike_year: 2019, profit_spike_up: false,
    });
    expect(s).toEqual([
      { Type: 'Turnover', HasGrowth: false, SpikeYear: 2020, HasUpwardSpike: true },
      { Type: 'Profit', HasGrowth: null, SpikeYear: 2019, HasUpwardSpike: false },
      { Type: 'Employees', HasGrowth: true, SpikeYear: null, HasUpwardSpike: null },
    ]);
    expect(trendToStatistics(undefined).every((x) => x.HasGrowth === null && x.SpikeYear === null)).toBe(true);
  });
});

describe('amountRange (server reading of the tender amount filter)', () => {
  it('one bound with the other at 0: a minimum means no upper bound, a maximum starts at 0', () => {
    expect(amountRange(1000, 0)).toEqual({ min: 1000, max: null });
    expect(amountRange(1000, null)).toEqual({ min: 1000, max: null });
    expect(amountRange(0, 5000)).toEqual({ min: 0, max: 5000 });
    expect(amountRange(null, 5000)).toEqual({ min: 0, max: 5000 });
    expect(amountRange(100, 500)).toEqual({ min: 100, max: 500 });
    expect(amountRange(0, 0)).toEqual({ min: null, max: null });
    expect(amountRange(null, null)).toEqual({ min: null, max: null });
  });
});

describe('list parsing', () => {
  it('parseSort reads field / field_desc against the whitelist, with the default otherwise', () => {
    expect(parseSort('Title', TENDER_SORT, 'title')).toEqual({ field: { expr: 'title' }, desc: false });
    expect(parseSort('EstimatedValue_desc', TENDER_SORT, 'title')).toEqual({ field: { expr: 'estimated_value' }, desc: true });
    expect(parseSort('drop table', TENDER_SORT, 'title')).toEqual({ field: { expr: 'title' }, desc: false });
    expect(orderClause('PublishDate_desc', TENDER_SORT, 'title', 'id')).toBe('publish_date DESC NULLS LAST, id DESC');
    expect(orderClause(null, TENDER_SORT, 'title', 'id')).toBe('title ASC NULLS LAST, id ASC');
  });
  it('textFilter: one parameter per normalised word, wildcards escaped', () => {
    const params = new Params([1]);
    const sql = textFilter('  Școală  50%_x ', params, ['title']);
    expect(params.values).toEqual([1, '%scoala%', '%50\\%\\_x%']);
    expect(sql).toBe(`rf_norm(concat_ws(' ', title)) LIKE $2 AND rf_norm(concat_ws(' ', title)) LIKE $3`);
    expect(textFilter('   ', new Params(), ['title'])).toBeNull();
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });
});

describe('rankMetricFor', () => {
  it('maps the chart metric to its precomputed ranking; others rank by turnover', () => {
    expect(rankMetricFor('NetProfit')).toBe('profit');
    expect(rankMetricFor('Employees')).toBe('employees');
    expect(rankMetricFor('InsolvencyRisk')).toBe('insolvency');
    expect(rankMetricFor('NetTurnover')).toBe('turnover');
    expect(rankMetricFor('Debts')).toBe('turnover');
    expect(rankMetricFor(null)).toBe('turnover');
  });
});

describe('customerStems', () => {
  it('drops connectors and generic selling words and stems the rest', () => {
    expect(customerStems('Vindem mobilier de birou și servicii')).toEqual(['mobil', 'biro']);
    expect(customerStems('pâine')).toEqual(['pain']);
    expect(customerStems('de și cu 123')).toEqual([]);
  });
});

describe('SEO helpers', () => {
  const d = {
    Cui: 123, Name: 'ALFA </script> SRL', RegistrationCode: 'J40/1/2020', FullAddress: 'Str. X 1', Prefecture: 'Sector 1', County: 'București',
    PostalCode: '010101', EstablishmentDate: '2020-01-02', LastYear: 2024, AverageNumberOfEmployees: 7, CaenCode: '4711',
    CaenDescription: 'Comerț', SocialMedia: [{ Id: 1, Platform: 'Website', Url: 'https://alfa.ro' }], LegalForm: 'SRL',
  } as unknown as CompanyDetails;
  it('Organization JSON-LD carries the name, taxID, address, foundingDate and numberOfEmployees', () => {
    const ld = organizationJsonLd(d) as Record<string, unknown> & { address: unknown; url: string };
    expect(ld['@type']).toBe('Organization');
    expect(ld.taxID).toBe('123');
    expect(ld.foundingDate).toBe('2020-01-02');
    expect(ld.numberOfEmployees).toEqual({ '@type': 'QuantitativeValue', value: 7 });
    expect(ld.address).toEqual(expect.objectContaining({ addressLocality: 'Sector 1', addressRegion: 'București', addressCountry: 'RO' }));
    expect(ld.url).toMatch(/\/company-details\/123\/alfa-script-srl$/);
  });
  it('jsonLdText never lets the text close the script element', () => {
    expect(jsonLdText(organizationJsonLd(d))).not.toContain('</script>');
  });
  it('the description is built from the facts and stays short', () => {
    const text = companyDescription(d, []);
    expect(text).toContain('CUI 123');
    expect(text).toContain('CAEN 4711');
    expect(text.length).toBeLessThanOrEqual(300);
  });
});
