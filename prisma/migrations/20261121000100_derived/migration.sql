-- Derived data, computed in the database after every load (docs/decisions/004-derived-data.md):
--   * financial_year.insolvency_score: a generated column (rf_compute_insolvency), never stale
--   * latest-year facts on company and company_trend (last-year growth, largest spike), from one
--     walk over the years: rf_refresh_company_facts()
--   * company_rank (positions among same-CAEN companies): rf_refresh_ranks()
--   * collaboration (authority/supplier pairs of the tenders): rf_refresh_collaborations()
--   * landing statistics, materialized views mv_*: rf_refresh_stats()
-- rf_refresh_derived() runs them all in order (seeds and imports call it), rf_refresh_company(cui)
-- keeps one company consistent after a single change.
--
-- Every function is LANGUAGE sql with ONE statement (data-modifying CTEs) and this file has no
-- semicolon inside a statement or a comment: the WebAssembly migration path (PrismaPg
-- executeScript) splits scripts on every semicolon. Each refresh writes only rows whose values
-- change, so running it twice writes nothing the second time.

-- ───────────────────────── insolvency score per financial year ─────────────────────────
-- Altman Z'' (1995, private and non-manufacturing firms) from the MF indicators:
--   TA = total assets       = fixed assets (I1) + current assets (I2) + prepaid expenses (I6)
--   X1 = working capital/TA ≈ (I2 + I6 − debts I7 − deferred income I8) / TA, debts are not split by term
--   X2 = retained earnings/TA ≈ total equity (I10) / TA, there is no separate column
--   X3 = EBIT/TA            ≈ (gross profit I16 − gross loss I17) / TA
--   X4 = book equity/total liabilities = I10 / I7, clamped to [−10, 10] (debt-free companies)
--   Z'' = 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4, distress below 1.1, safe above 2.6.
-- The product's gauge and the HasInsolvencyRisk filter use Altman's classic cut-offs 1.8 (high
-- risk) and 2.99 (low risk) (spec 001 §4), so Z'' is mapped linearly onto that scale, 1.1 → 1.8
-- and 2.6 → 2.99: score = 0.9273 + 0.7933·Z'', clamped to [−5, 10], 2 decimals.
-- NULL when there is no balance sheet (TA ≤ 0).
CREATE OR REPLACE FUNCTION rf_compute_insolvency(
  immobilised bigint, circulating bigint, expenses_in_advance bigint, debts bigint,
  income_in_advance bigint, total_capitals bigint, gross_profit bigint, gross_loss bigint
) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT CASE WHEN immobilised + circulating + expenses_in_advance <= 0 THEN NULL ELSE
    (round(100 * least(10, greatest(-5, 0.9273 + 0.7933 * (
        6.56 * (circulating + expenses_in_advance - debts - income_in_advance)::float8 / (immobilised + circulating + expenses_in_advance)
      + 3.26 * total_capitals::float8 / (immobilised + circulating + expenses_in_advance)
      + 6.72 * (gross_profit - gross_loss)::float8 / (immobilised + circulating + expenses_in_advance)
      + 1.05 * least(10, greatest(-10, total_capitals::float8 / greatest(debts, 1)))
    )))) / 100)::real
  END
$$;

-- The per-year score depends only on its own row: a stored generated column keeps it right for
-- every writer (COPY, imports, Prisma) without a second pass. Prisma declares it as a plain
-- optional column and never writes it.
ALTER TABLE "financial_year" DROP COLUMN "insolvency_score";
ALTER TABLE "financial_year" ADD COLUMN "insolvency_score" REAL GENERATED ALWAYS AS (
  rf_compute_insolvency("total_immobilised_assets", "total_circulating_assets", "expenses_in_advance", "debts",
                        "income_in_advance", "total_capitals", "gross_profit", "gross_loss")
) STORED;

-- Growth in percent of cur versus prev, NULL when prev is absent or 0 (spec 001 §3 Year details).
CREATE OR REPLACE FUNCTION rf_growth(cur float8, prev float8) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN prev IS NULL OR prev = 0 OR cur IS NULL THEN NULL
                    ELSE round(((cur - prev) / abs(prev) * 100)::numeric, 2) END $$;

-- Each year's indicators with their growth versus the company's previous year on record.
-- Filter it by cui: the condition is pushed below the window (cui is its partition key).
CREATE OR REPLACE VIEW v_financial_year AS
SELECT f.cui, f.year, f.caen_code,
  f.employees,                   rf_growth(f.employees, lag(f.employees) OVER w)                               AS employees_growth,
  f.net_turnover,                rf_growth(f.net_turnover, lag(f.net_turnover) OVER w)                         AS net_turnover_growth,
  f.total_income,                rf_growth(f.total_income, lag(f.total_income) OVER w)                         AS total_income_growth,
  f.total_expenses,              rf_growth(f.total_expenses, lag(f.total_expenses) OVER w)                     AS total_expenses_growth,
  f.gross_profit,                rf_growth(f.gross_profit, lag(f.gross_profit) OVER w)                         AS gross_profit_growth,
  f.gross_loss,                  rf_growth(f.gross_loss, lag(f.gross_loss) OVER w)                             AS gross_loss_growth,
  f.net_profit,                  rf_growth(f.net_profit, lag(f.net_profit) OVER w)                             AS net_profit_growth,
  f.net_loss,                    rf_growth(f.net_loss, lag(f.net_loss) OVER w)                                 AS net_loss_growth,
  f.total_immobilised_assets,    rf_growth(f.total_immobilised_assets, lag(f.total_immobilised_assets) OVER w) AS total_immobilised_assets_growth,
  f.total_circulating_assets,    rf_growth(f.total_circulating_assets, lag(f.total_circulating_assets) OVER w) AS total_circulating_assets_growth,
  f.stocks,                      rf_growth(f.stocks, lag(f.stocks) OVER w)                                     AS stocks_growth,
  f.receivables,                 rf_growth(f.receivables, lag(f.receivables) OVER w)                           AS receivables_growth,
  f.cash_and_bank,               rf_growth(f.cash_and_bank, lag(f.cash_and_bank) OVER w)                       AS cash_and_bank_growth,
  f.expenses_in_advance,         rf_growth(f.expenses_in_advance, lag(f.expenses_in_advance) OVER w)           AS expenses_in_advance_growth,
  f.debts,                       rf_growth(f.debts, lag(f.debts) OVER w)                                       AS debts_growth,
  f.income_in_advance,           rf_growth(f.income_in_advance, lag(f.income_in_advance) OVER w)               AS income_in_advance_growth,
  f.provisions,                  rf_growth(f.provisions, lag(f.provisions) OVER w)                             AS provisions_growth,
  f.total_capitals,              rf_growth(f.total_capitals, lag(f.total_capitals) OVER w)                     AS total_capitals_growth,
  f.subscribed_capital,          rf_growth(f.subscribed_capital, lag(f.subscribed_capital) OVER w)             AS subscribed_capital_growth,
  f.kingdom_heritage,            rf_growth(f.kingdom_heritage, lag(f.kingdom_heritage) OVER w)                 AS kingdom_heritage_growth,
  f.insolvency_score,            rf_growth(f.insolvency_score, lag(f.insolvency_score) OVER w)                 AS insolvency_score_growth,
  f.net_profit - f.net_loss AS net_result,
  rf_growth(f.net_profit - f.net_loss, lag(f.net_profit - f.net_loss) OVER w)                                  AS net_result_growth
FROM financial_year f
WINDOW w AS (PARTITION BY f.cui ORDER BY f.year);

-- ───────────────────────── facts and trends: one walk over the years ─────────────────────────
-- importance ranks type-ahead suggestions: ln(1 + turnover) + 2·ln(1 + employees) + 5 for an
-- operating company (0 … about 40).
CREATE OR REPLACE FUNCTION rf_importance(turnover bigint, employees integer, is_active boolean) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (ln(1 + greatest(turnover, 0)::float8) + 2 * ln(1 + greatest(employees, 0)::float8)
               + CASE WHEN is_active THEN 5 ELSE 0 END)::real $$;

-- HasGrowth: the latest year versus the previous year on record (NULL with a single year).
-- Spike: a year-over-year change to at least ×2 or at most ÷2 (for profit: +100 % or −50 % of
-- |previous|), ignoring tiny bases (employees below 5, money below 50,000 lei on both sides). The
-- largest relative change wins, the later year on ties, HasUpwardSpike NULL = no spike.
-- Encoded as one bigint per year so that a plain max() picks it: change·1000, year, direction.
CREATE OR REPLACE FUNCTION rf_spike_key(cur float8, prev float8, year integer, min_base float8, is_signed boolean)
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT CASE
    WHEN prev IS NULL OR cur IS NULL OR prev = 0 OR greatest(abs(cur), abs(prev)) < min_base THEN NULL
    WHEN NOT is_signed AND prev < 0 THEN NULL
    WHEN (cur - prev) / abs(prev) >= 1 OR (cur - prev) / abs(prev) <= -0.5
      THEN round(least(abs(cur - prev) / abs(prev), 1e9) * 1000)::bigint * 100000 + year * 10 + (cur > prev)::int
  END $$;

-- Per company with years (all, or p_cui): the latest year's figures and the trend indicators, from
-- ONE ordered walk of financial_year_pkey (a window over the company's years, then one group).
-- STABLE and one SELECT: inlined into its callers, so p_cui reaches the index.
CREATE OR REPLACE FUNCTION rf_year_rollup(p_cui integer)
  RETURNS TABLE(cui integer, last_year smallint, employees integer, turnover bigint, profit bigint, insolvency_score real,
    employees_has_growth boolean, employees_spike_year smallint, employees_spike_up boolean,
    turnover_has_growth boolean, turnover_spike_year smallint, turnover_spike_up boolean,
    profit_has_growth boolean, profit_spike_year smallint, profit_spike_up boolean)
  LANGUAGE sql STABLE
  AS $$
  SELECT y.cui,
    max(y.year) FILTER (WHERE y.is_last), max(y.employees) FILTER (WHERE y.is_last),
    max(y.net_turnover) FILTER (WHERE y.is_last), max(y.profit) FILTER (WHERE y.is_last),
    max(y.insolvency_score) FILTER (WHERE y.is_last),
    bool_or(y.employees > y.pe) FILTER (WHERE y.is_last),
    (max(rf_spike_key(y.employees, y.pe, y.year, 5, false)) / 10 % 10000)::smallint,
    (max(rf_spike_key(y.employees, y.pe, y.year, 5, false)) % 10) = 1,
    bool_or(y.net_turnover > y.pt) FILTER (WHERE y.is_last),
    (max(rf_spike_key(y.net_turnover, y.pt, y.year, 50000, false)) / 10 % 10000)::smallint,
    (max(rf_spike_key(y.net_turnover, y.pt, y.year, 50000, false)) % 10) = 1,
    bool_or(y.profit > y.pp) FILTER (WHERE y.is_last),
    (max(rf_spike_key(y.profit, y.pp, y.year, 50000, true)) / 10 % 10000)::smallint,
    (max(rf_spike_key(y.profit, y.pp, y.year, 50000, true)) % 10) = 1
  FROM (
    SELECT f.cui, f.year, f.employees, f.net_turnover, f.net_profit - f.net_loss AS profit, f.insolvency_score,
      lag(f.employees) OVER w AS pe, lag(f.net_turnover) OVER w AS pt, lag(f.net_profit - f.net_loss) OVER w AS pp,
      lead(f.year) OVER w IS NULL AS is_last
    FROM financial_year f
    WHERE p_cui IS NULL OR f.cui = p_cui
    WINDOW w AS (PARTITION BY f.cui ORDER BY f.year)
  ) y
  GROUP BY y.cui
$$;

-- The facts of every company, or of one (p_cui), with its trend indicators (NULL without years).
-- Public contacts = neither private nor deleted (private ones are seen by their owner only).
-- has_tenders = supplier or contracting authority.
CREATE OR REPLACE FUNCTION rf_company_fact_rows(p_cui integer)
  RETURNS TABLE(cui integer, last_year smallint, employees integer, turnover bigint, profit bigint,
                insolvency_score real, has_insolvency_risk boolean, is_active boolean, has_email boolean,
                has_phone boolean, has_tenders boolean, has_eu_projects boolean, importance real,
                employees_has_growth boolean, employees_spike_year smallint, employees_spike_up boolean,
                turnover_has_growth boolean, turnover_spike_year smallint, turnover_spike_up boolean,
                profit_has_growth boolean, profit_spike_year smallint, profit_spike_up boolean)
  LANGUAGE sql STABLE
  AS $$
  SELECT c.cui, r.last_year, coalesce(r.employees, 0), coalesce(r.turnover, 0), coalesce(r.profit, 0),
    r.insolvency_score,
    coalesce(r.insolvency_score < 1.8, false),
    coalesce(s.is_active, c.is_active),
    c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_deleted AND coalesce(k.email, '') <> ''
                AND (p_cui IS NULL OR k.cui = p_cui)),
    c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_deleted AND coalesce(k.phone, '') <> ''
                AND (p_cui IS NULL OR k.cui = p_cui)),
    c.cui IN (SELECT t.supplier_cui FROM tender t WHERE p_cui IS NULL OR t.supplier_cui = p_cui
              UNION ALL
              SELECT t.authority_cui FROM tender t WHERE p_cui IS NULL OR t.authority_cui = p_cui),
    c.cui IN (SELECT e.cui FROM eu_project e WHERE p_cui IS NULL OR e.cui = p_cui),
    rf_importance(coalesce(r.turnover, 0), coalesce(r.employees, 0), coalesce(s.is_active, c.is_active)),
    r.employees_has_growth, r.employees_spike_year, r.employees_spike_up,
    r.turnover_has_growth, r.turnover_spike_year, r.turnover_spike_up,
    r.profit_has_growth, r.profit_spike_year, r.profit_spike_up
  FROM company c
  LEFT JOIN rf_year_rollup(p_cui) r ON r.cui = c.cui
  LEFT JOIN company_status s ON s.code = c.status_code
  WHERE p_cui IS NULL OR c.cui = p_cui
$$;

-- Latest-year facts on company and the company_trend rows, from one computation. Writes only rows
-- whose values change, deletes trends of companies left without years.
CREATE OR REPLACE FUNCTION rf_refresh_company_facts(p_cui integer DEFAULT NULL) RETURNS bigint
  LANGUAGE sql
  AS $$
  WITH n AS MATERIALIZED (SELECT * FROM rf_company_fact_rows(p_cui)),
  uc AS (
    UPDATE company c SET
      last_year = n.last_year, employees = n.employees, turnover = n.turnover, profit = n.profit,
      insolvency_score = n.insolvency_score, has_insolvency_risk = n.has_insolvency_risk, is_active = n.is_active,
      has_email = n.has_email, has_phone = n.has_phone, has_tenders = n.has_tenders,
      has_eu_projects = n.has_eu_projects, importance = n.importance
    FROM n
    WHERE c.cui = n.cui
      AND (c.last_year, c.employees, c.turnover, c.profit, c.insolvency_score, c.has_insolvency_risk, c.is_active,
           c.has_email, c.has_phone, c.has_tenders, c.has_eu_projects, c.importance)
          IS DISTINCT FROM
          (n.last_year, n.employees, n.turnover, n.profit, n.insolvency_score, n.has_insolvency_risk, n.is_active,
           n.has_email, n.has_phone, n.has_tenders, n.has_eu_projects, n.importance)
    RETURNING 1
  ),
  d AS (
    DELETE FROM company_trend t
    WHERE (p_cui IS NULL OR t.cui = p_cui) AND NOT EXISTS (SELECT 1 FROM n WHERE n.cui = t.cui AND n.last_year IS NOT NULL)
    RETURNING 1
  ),
  ut AS (
    UPDATE company_trend t SET
      (employees_has_growth, employees_spike_year, employees_spike_up,
       turnover_has_growth, turnover_spike_year, turnover_spike_up,
       profit_has_growth, profit_spike_year, profit_spike_up)
      = (n.employees_has_growth, n.employees_spike_year, n.employees_spike_up,
         n.turnover_has_growth, n.turnover_spike_year, n.turnover_spike_up,
         n.profit_has_growth, n.profit_spike_year, n.profit_spike_up)
    FROM n
    WHERE t.cui = n.cui AND n.last_year IS NOT NULL
      AND (t.employees_has_growth, t.employees_spike_year, t.employees_spike_up,
           t.turnover_has_growth, t.turnover_spike_year, t.turnover_spike_up,
           t.profit_has_growth, t.profit_spike_year, t.profit_spike_up)
          IS DISTINCT FROM
          (n.employees_has_growth, n.employees_spike_year, n.employees_spike_up,
           n.turnover_has_growth, n.turnover_spike_year, n.turnover_spike_up,
           n.profit_has_growth, n.profit_spike_year, n.profit_spike_up)
    RETURNING 1
  ),
  it AS (
    INSERT INTO company_trend (cui,
      employees_has_growth, employees_spike_year, employees_spike_up,
      turnover_has_growth, turnover_spike_year, turnover_spike_up,
      profit_has_growth, profit_spike_year, profit_spike_up)
    SELECT n.cui,
      n.employees_has_growth, n.employees_spike_year, n.employees_spike_up,
      n.turnover_has_growth, n.turnover_spike_year, n.turnover_spike_up,
      n.profit_has_growth, n.profit_spike_year, n.profit_spike_up
    FROM n
    WHERE n.last_year IS NOT NULL AND NOT EXISTS (SELECT 1 FROM company_trend t WHERE t.cui = n.cui)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM uc) + (SELECT count(*) FROM d) + (SELECT count(*) FROM ut) + (SELECT count(*) FROM it)
$$;

-- ───────────────────────── rankings ─────────────────────────
-- Positions (1 = first) among operating companies with financial data and the same main CAEN, in
-- Romania, the county and the locality, ties broken by CUI so that every position is unique and
-- stable. Insolvency: a higher score is a lower risk and a better position, no score no position.
-- Companies that are not ranked (stopped, no figures, no CAEN) have no row.
CREATE OR REPLACE FUNCTION rf_refresh_ranks() RETURNS bigint
  LANGUAGE sql
  AS $$
  WITH n AS MATERIALIZED (
    SELECT cui,
      row_number() OVER (PARTITION BY caen_code ORDER BY turnover DESC, cui)::int AS turnover_country,
      row_number() OVER (PARTITION BY caen_code, county_id ORDER BY turnover DESC, cui)::int AS turnover_county,
      row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY turnover DESC, cui)::int AS turnover_locality,
      row_number() OVER (PARTITION BY caen_code ORDER BY profit DESC, cui)::int AS profit_country,
      row_number() OVER (PARTITION BY caen_code, county_id ORDER BY profit DESC, cui)::int AS profit_county,
      row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY profit DESC, cui)::int AS profit_locality,
      row_number() OVER (PARTITION BY caen_code ORDER BY employees DESC, cui)::int AS employees_country,
      row_number() OVER (PARTITION BY caen_code, county_id ORDER BY employees DESC, cui)::int AS employees_county,
      row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY employees DESC, cui)::int AS employees_locality,
      CASE WHEN insolvency_score IS NOT NULL THEN (row_number() OVER (
        PARTITION BY caen_code, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui))::int END AS insolvency_country,
      CASE WHEN insolvency_score IS NOT NULL THEN (row_number() OVER (
        PARTITION BY caen_code, county_id, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui))::int END AS insolvency_county,
      CASE WHEN insolvency_score IS NOT NULL THEN (row_number() OVER (
        PARTITION BY caen_code, locality_id, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui))::int END AS insolvency_locality
    FROM company
    WHERE is_active AND last_year IS NOT NULL AND caen_code IS NOT NULL
  ),
  d AS (
    DELETE FROM company_rank r WHERE NOT EXISTS (SELECT 1 FROM n WHERE n.cui = r.cui)
    RETURNING 1
  ),
  u AS (
    UPDATE company_rank r SET
      (turnover_country, turnover_county, turnover_locality, profit_country, profit_county, profit_locality,
       employees_country, employees_county, employees_locality, insolvency_country, insolvency_county, insolvency_locality)
      = (n.turnover_country, n.turnover_county, n.turnover_locality, n.profit_country, n.profit_county, n.profit_locality,
         n.employees_country, n.employees_county, n.employees_locality, n.insolvency_country, n.insolvency_county,
         n.insolvency_locality)
    FROM n
    WHERE r.cui = n.cui
      AND (r.turnover_country, r.turnover_county, r.turnover_locality, r.profit_country, r.profit_county,
           r.profit_locality, r.employees_country, r.employees_county, r.employees_locality,
           r.insolvency_country, r.insolvency_county, r.insolvency_locality)
          IS DISTINCT FROM
          (n.turnover_country, n.turnover_county, n.turnover_locality, n.profit_country, n.profit_county,
           n.profit_locality, n.employees_country, n.employees_county, n.employees_locality,
           n.insolvency_country, n.insolvency_county, n.insolvency_locality)
    RETURNING 1
  ),
  i AS (
    INSERT INTO company_rank (cui,
      turnover_country, turnover_county, turnover_locality, profit_country, profit_county, profit_locality,
      employees_country, employees_county, employees_locality, insolvency_country, insolvency_county, insolvency_locality)
    SELECT * FROM n WHERE NOT EXISTS (SELECT 1 FROM company_rank r WHERE r.cui = n.cui)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM d) + (SELECT count(*) FROM u) + (SELECT count(*) FROM i)
$$;

-- ───────────────────────── collaborations ─────────────────────────
-- Every contracting authority / supplier pair of the tenders, stored in both directions with the
-- number of tenders between them. Authorities that are public institutions are not companies:
-- their rows exist too (the network graph walks through them), their names come from the tenders.
-- With p_cui: only the pairs of that party (both directions).
CREATE OR REPLACE FUNCTION rf_collaboration_rows(p_cui integer)
  RETURNS TABLE(cui integer, partner_cui integer, number_of_collaborations integer)
  LANGUAGE sql STABLE
  AS $$
  SELECT x.a, x.b, count(*)::int
  FROM (
    SELECT t.authority_cui AS a, t.supplier_cui AS b FROM tender t
    WHERE t.authority_cui <> t.supplier_cui AND (p_cui IS NULL OR t.authority_cui = p_cui)
    UNION ALL
    SELECT t.authority_cui, t.supplier_cui FROM tender t
    WHERE t.authority_cui <> t.supplier_cui AND p_cui IS NOT NULL AND t.supplier_cui = p_cui
  ) p
  CROSS JOIN LATERAL (VALUES (p.a, p.b), (p.b, p.a)) AS x(a, b)
  GROUP BY x.a, x.b
$$;

CREATE OR REPLACE FUNCTION rf_refresh_collaborations(p_cui integer DEFAULT NULL) RETURNS bigint
  LANGUAGE sql
  AS $$
  WITH n AS MATERIALIZED (SELECT * FROM rf_collaboration_rows(p_cui)),
  d AS (
    DELETE FROM collaboration c
    WHERE (p_cui IS NULL OR c.cui = p_cui OR c.partner_cui = p_cui)
      AND NOT EXISTS (SELECT 1 FROM n WHERE n.cui = c.cui AND n.partner_cui = c.partner_cui)
    RETURNING 1
  ),
  u AS (
    UPDATE collaboration c SET number_of_collaborations = n.number_of_collaborations
    FROM n
    WHERE c.cui = n.cui AND c.partner_cui = n.partner_cui AND c.number_of_collaborations <> n.number_of_collaborations
    RETURNING 1
  ),
  i AS (
    INSERT INTO collaboration (cui, partner_cui, number_of_collaborations)
    SELECT * FROM n WHERE NOT EXISTS (SELECT 1 FROM collaboration c WHERE c.cui = n.cui AND c.partner_cui = n.partner_cui)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM d) + (SELECT count(*) FROM u) + (SELECT count(*) FROM i)
$$;

-- ───────────────────────── landing statistics ─────────────────────────
-- One pass over company into a small count cube (about 100,000 rows at 3.5 M companies), and the
-- landing views read the cube: one scan of the big table instead of one per view. The cube also
-- answers exact counts of filters made only of county, CAEN, activity, size band and risk.
-- Size bands of the four landing cards (spec 001 §4 business size), latest turnover in whole lei:
-- 1 micro up to 1,999,999, 2 mică 2,000,001 to 10,000,000, 3 mijlocie 10,000,001 to 50,000,000,
-- 4 mare from 50,000,001. The exact limits fall in no band (NULL), like the spec's labels.
-- risk: 1 high (score below 1.8), 2 low or medium (score 1.8 or more), 0 no score.
CREATE OR REPLACE FUNCTION rf_size_band(turnover bigint) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (CASE WHEN turnover <= 1999999 THEN 1 WHEN turnover BETWEEN 2000001 AND 10000000 THEN 2
                     WHEN turnover BETWEEN 10000001 AND 50000000 THEN 3 WHEN turnover >= 50000001 THEN 4 END)::smallint $$;

CREATE MATERIALIZED VIEW mv_company_counts AS
SELECT county_id, caen_code, is_active, rf_size_band(turnover) AS size_band,
  (CASE WHEN has_insolvency_risk THEN 1 WHEN insolvency_score >= 1.8 THEN 2 ELSE 0 END)::smallint AS risk,
  count(*) AS companies
FROM company
GROUP BY 1, 2, 3, 4, 5;
CREATE INDEX mv_company_counts_county_idx ON mv_company_counts (county_id);
CREATE INDEX mv_company_counts_caen_idx ON mv_company_counts (caen_code);

CREATE MATERIALIZED VIEW mv_landing_totals AS
SELECT 1 AS id, c.companies, c.active_companies,
  (SELECT count(*) FROM representative WHERE NOT is_deleted) AS representatives,
  (SELECT count(*) FROM contact WHERE NOT is_private AND NOT is_deleted) AS contacts,
  (SELECT count(*) FROM tender) AS tenders,
  (SELECT count(*) FROM eu_project) AS eu_projects,
  c.high_risk_companies, c.low_risk_companies,
  now() AS refreshed_at
FROM (
  SELECT coalesce(sum(companies), 0)::bigint AS companies,
    coalesce(sum(companies) FILTER (WHERE is_active), 0)::bigint AS active_companies,
    coalesce(sum(companies) FILTER (WHERE risk = 1), 0)::bigint AS high_risk_companies,
    coalesce(sum(companies) FILTER (WHERE risk = 2), 0)::bigint AS low_risk_companies
  FROM mv_company_counts
) c;
CREATE UNIQUE INDEX mv_landing_totals_id_key ON mv_landing_totals (id);

CREATE MATERIALIZED VIEW mv_county_stats AS
SELECT k.id AS county_id, k.code, k.name,
  coalesce(sum(m.companies), 0)::bigint AS companies,
  coalesce(sum(m.companies) FILTER (WHERE m.is_active), 0)::bigint AS active_companies
FROM county k
LEFT JOIN mv_company_counts m ON m.county_id = k.id
GROUP BY k.id, k.code, k.name;
CREATE UNIQUE INDEX mv_county_stats_county_id_key ON mv_county_stats (county_id);
CREATE INDEX mv_county_stats_companies_idx ON mv_county_stats (companies DESC, county_id);

-- Main activities are CAEN Rev.2 classes (the 2015–2024 statements use Rev.2).
CREATE MATERIALIZED VIEW mv_caen_stats AS
SELECT m.caen_code, n.name, n.section,
  sum(m.companies)::bigint AS companies,
  coalesce(sum(m.companies) FILTER (WHERE m.is_active), 0)::bigint AS active_companies
FROM mv_company_counts m
LEFT JOIN caen n ON n.revision = 2 AND n.code = m.caen_code
WHERE m.caen_code IS NOT NULL
GROUP BY m.caen_code, n.name, n.section;
CREATE UNIQUE INDEX mv_caen_stats_caen_code_key ON mv_caen_stats (caen_code);
CREATE INDEX mv_caen_stats_companies_idx ON mv_caen_stats (companies DESC, caen_code);

CREATE MATERIALIZED VIEW mv_caen_section_stats AS
SELECT s.code AS section, s.name,
  coalesce(sum(m.companies), 0)::bigint AS companies,
  coalesce(sum(m.active_companies), 0)::bigint AS active_companies
FROM caen s
LEFT JOIN mv_caen_stats m ON m.section = s.code
WHERE s.revision = 2 AND s.level = 'section'
GROUP BY s.code, s.name;
CREATE UNIQUE INDEX mv_caen_section_stats_section_key ON mv_caen_section_stats (section);

-- The four landing size cards, with their bounds (NULL = open) for the advanced-search link.
CREATE MATERIALIZED VIEW mv_size_band_stats AS
SELECT b.band, b.name, b.min_turnover, b.max_turnover,
  coalesce(sum(m.companies), 0)::bigint AS companies,
  coalesce(sum(m.companies) FILTER (WHERE m.is_active), 0)::bigint AS active_companies
FROM (VALUES
  (1, 'Micro', 0::bigint, 1999999::bigint),
  (2, 'Mică', 2000001::bigint, 10000000::bigint),
  (3, 'Mijlocie', 10000001::bigint, 50000000::bigint),
  (4, 'Mare', 50000001::bigint, NULL::bigint)
) AS b(band, name, min_turnover, max_turnover)
LEFT JOIN mv_company_counts m ON m.size_band = b.band
GROUP BY b.band, b.name, b.min_turnover, b.max_turnover;
CREATE UNIQUE INDEX mv_size_band_stats_band_key ON mv_size_band_stats (band);

-- One REFRESH per function (a function holds one statement here). REFRESH takes an exclusive lock
-- on the view for well under two seconds at 3.5 M companies.
CREATE OR REPLACE FUNCTION rf_refresh_mv_company_counts() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_company_counts $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_landing_totals() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_landing_totals $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_county_stats() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_county_stats $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_caen_stats() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_caen_stats $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_caen_section_stats() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_caen_section_stats $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_size_band_stats() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW mv_size_band_stats $$;

-- UNION ALL runs its branches in order, one after the other: the cube first, the views on it next.
CREATE OR REPLACE FUNCTION rf_refresh_stats() RETURNS bigint
  LANGUAGE sql
  AS $$
  SELECT count(*) FROM (
    SELECT rf_refresh_mv_company_counts()
    UNION ALL SELECT rf_refresh_mv_landing_totals()
    UNION ALL SELECT rf_refresh_mv_county_stats()
    UNION ALL SELECT rf_refresh_mv_caen_stats()
    UNION ALL SELECT rf_refresh_mv_caen_section_stats()
    UNION ALL SELECT rf_refresh_mv_size_band_stats()
  ) r
$$;

-- ───────────────────────── entry points ─────────────────────────
-- After any import or seed: every step in dependency order (ranks and statistics read the facts).
-- One row per step: rows written and the time the step finished. The branches of UNION ALL run in
-- order and each function sees what the previous ones wrote.
CREATE OR REPLACE FUNCTION rf_refresh_derived() RETURNS TABLE(step text, rows_written bigint, finished_at timestamptz)
  LANGUAGE sql
  AS $$
  SELECT 'start'::text, 0::bigint, clock_timestamp()
  UNION ALL SELECT 'collaborations', rf_refresh_collaborations(), clock_timestamp()
  UNION ALL SELECT 'company_facts_and_trends', rf_refresh_company_facts(), clock_timestamp()
  UNION ALL SELECT 'ranks', rf_refresh_ranks(), clock_timestamp()
  UNION ALL SELECT 'stats', rf_refresh_stats(), clock_timestamp()
$$;

-- After a change to one company (its contacts, social links, tenders, EU projects, status or
-- years): its facts, its trend and its collaboration pairs. A tender has two parties: call it for
-- the authority and for the supplier. Ranks and landing statistics move with the whole population
-- and are refreshed by rf_refresh_derived() or rf_refresh_stats(). Returns the rows written.
CREATE OR REPLACE FUNCTION rf_refresh_company(p_cui integer) RETURNS bigint
  LANGUAGE sql
  AS $$
  SELECT rf_refresh_company_facts(p_cui) + rf_refresh_collaborations(p_cui)
$$;
