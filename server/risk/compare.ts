// Up to five companies side by side (decision 101): identity, score, limit and every year's figures
// and ratios, in one statement keyed by the CUIs (company, company_risk and financial_year by key).
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import type { ComparedCompany, ComparedYear } from '@/lib/risk/types';

type Row = {
  cui: number;
  name: string;
  caen_code: string | null;
  county: string | null;
  is_active: boolean;
  band: string | null;
  probability: number | null;
  credit_limit: string | null;
  scored_year: number | null;
  market_share: number | null;
  altman: number | null;
  years: Array<{ y: number; t: string; p: string; e: number; q: string; l: number | null; r: number | null; a: number | null; m: number | null }> | null;
};

/** The companies in the order asked; CUIs that name no company are left out. */
export async function getComparison(cuis: readonly number[]): Promise<ComparedCompany[]> {
  if (cuis.length === 0) return [];
  const rows = await sql<Row>(
    `SELECT c.cui, c.name, c.caen_code, co.name AS county, c.is_active, c.insolvency_score AS altman,
       r.band, r.probability, r.credit_limit, r.year AS scored_year, r.market_share,
       (SELECT json_agg(json_build_object('y', i.year, 't', i.net_turnover, 'p', f.net_profit - f.net_loss, 'e', f.employees,
          'q', f.total_capitals, 'l', i.liquidity, 'r', i.equity, 'a', i.profitability, 'm', i.net_margin) ORDER BY i.year)
        FROM v_risk_input i JOIN financial_year f ON f.cui = i.cui AND f.year = i.year
        WHERE i.cui = c.cui) AS years
     FROM company c
     LEFT JOIN county co ON co.id = c.county_id
     LEFT JOIN company_risk r ON r.cui = c.cui
     WHERE c.cui = ANY($1::int[])`,
    [cuis],
  );
  const byCui = new Map(rows.map((r) => [r.cui, r]));
  return cuis.flatMap((cui) => {
    const r = byCui.get(cui);
    if (!r) return [];
    const years: ComparedYear[] = (r.years ?? []).map((y) => ({
      Year: y.y,
      Turnover: Number(y.t),
      NetProfit: Number(y.p),
      Employees: y.e,
      Equity: Number(y.q),
      Liquidity: y.l,
      EquityRatio: y.r,
      Profitability: y.a,
      NetMargin: y.m,
    }));
    return [
      {
        Cui: r.cui,
        Name: r.name,
        CaenCode: r.caen_code,
        County: r.county,
        IsActive: r.is_active,
        Band: r.band,
        Probability: r.probability,
        CreditLimit: r.credit_limit === null ? null : Number(r.credit_limit),
        ScoredYear: r.scored_year,
        MarketShare: r.market_share,
        AltmanScore: r.altman,
        Years: years,
      },
    ];
  });
}
