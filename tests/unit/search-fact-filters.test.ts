// The fiscal and risk filters (decision 107): their terms, their SQL, the query
// schema, the address (shareable) and the summary line of each.
import { buildWhere, filterTerms } from '@/server/search/conditions';
import { companiesQuerySchema } from '@/lib/search/schemas';
import { createSearchFilter, describeFilter, filterToQuery, isFilterEmpty } from '@/lib/filters';
import { buildSearchUrl, parseSearchUrl } from '@/components/search/search-url';
import { comparePath } from '@/lib/risk/compare-path';

describe('terms', () => {
  test('each filter is one term, in a fixed order after the existing flags', () => {
    expect(filterTerms({ HasBids: true, RiskBand: 'C', HasTaxArrears: false, IsVatPayer: true, IsInactive: false, HasEFactura: true })).toEqual([
      { kind: 'flag', column: 'has_tenders', value: true },
      { kind: 'flag', column: 'vat_payer', value: true },
      { kind: 'flag', column: 'is_inactive', value: false },
      { kind: 'flag', column: 'e_factura', value: true },
      { kind: 'flag', column: 'has_arrears', value: false },
      { kind: 'eq', column: 'risk_band', value: 3 },
    ]);
    expect(filterTerms(createSearchFilter())).toEqual([]);
  });

  test('PostgreSQL reads the facts in their tables by key (the one SQL writer; the index has its own columns)', () => {
    const f = { IsVatPayer: false, HasEFactura: true, HasTaxArrears: true, RiskBand: 'A' as const };
    const pg = buildWhere(f);
    expect(pg.where).toBe(
      'WHERE EXISTS (SELECT 1 FROM fiscal_check x WHERE x.cui = c.cui AND NOT x.vat_payer)' +
        ' AND EXISTS (SELECT 1 FROM fiscal_check x WHERE x.cui = c.cui AND x.e_factura)' +
        ' AND EXISTS (SELECT 1 FROM v_company_arrears x WHERE x.cui = c.cui)' +
        ' AND c.cui IN (SELECT x.cui FROM company_risk x WHERE x.band = $1)',
    );
    expect(pg.params.values).toEqual(['A']);
    expect(buildWhere({ HasTaxArrears: false }).where).toBe('WHERE NOT EXISTS (SELECT 1 FROM v_company_arrears x WHERE x.cui = c.cui)');
  });

});

describe('query and address', () => {
  test('the query schema reads true/false and a band in either case; a wrong band is refused with a Romanian message', () => {
    const ok = companiesQuerySchema.parse({ IsVatPayer: 'true', IsInactive: 'false', HasEFactura: '', HasTaxArrears: 'TRUE', RiskBand: 'd' });
    expect([ok.IsVatPayer, ok.IsInactive, ok.HasEFactura, ok.HasTaxArrears, ok.RiskBand]).toEqual([true, false, null, true, 'D']);
    const bad = companiesQuerySchema.safeParse({ RiskBand: 'F' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['RiskBand']);
    expect(bad.error!.issues[0].message).toContain('Clasa de risc');
  });

  test('the address keeps every filter (shareable) and reads it back; unknown values are ignored', () => {
    const f = createSearchFilter({ CountyId: 12, IsVatPayer: true, IsInactive: false, HasEFactura: true, HasTaxArrears: true, RiskBand: 'B' });
    const url = buildSearchUrl(f);
    expect(url).toBe('/Cautare-avansata/-/-/-/-/-/-/-/-/12?IsVatPayer=true&IsInactive=false&HasEFactura=true&HasTaxArrears=true&RiskBand=B');
    const [path, query] = url.split('?');
    const back = parseSearchUrl(path.split('/').slice(2), new URLSearchParams(query));
    expect(back).toEqual(f);
    expect(parseSearchUrl([], new URLSearchParams('RiskBand=q&IsVatPayer=maybe'))).toEqual(createSearchFilter());
    expect(parseSearchUrl([], new URLSearchParams('riskband=e')).RiskBand).toBe('E');
  });

  test('the API query names them as documented (PascalCase) and a set filter is an active one', () => {
    expect(Object.fromEntries(filterToQuery({ RiskBand: 'A', IsInactive: false }))).toMatchObject({ RiskBand: 'A', IsInactive: 'false' });
    expect(isFilterEmpty({ IsVatPayer: false })).toBe(false);
    expect(isFilterEmpty({ RiskBand: 'C' })).toBe(false);
  });

  test('the active-filters summary names each in Romanian', () => {
    expect(describeFilter({ IsVatPayer: true, IsInactive: false, HasEFactura: true, HasTaxArrears: true, RiskBand: 'D' })).toEqual([
      'Plătitor de TVA: da',
      'Inactiv la ANAF: nu',
      'Înregistrat în e-Factura: da',
      'Datorii la buget: da',
      'Clasă de risc: D – risc ridicat',
    ]);
  });

  test('the comparison of the ticked cards: one address for the list', () => {
    expect(comparePath([14399840, 1590082])).toBe('/Compara?cui=14399840,1590082');
  });
});
