-- Derived data, computed in the database after every load (docs/decisions/004-derived-data.md):
--   * financial_year.insolvency_score: a generated column (rf_compute_insolvency), never stale;
--   * latest-year facts on company (rf_refresh_company_facts);
--   * company_trend: last-year growth and the largest spike (rf_refresh_trends);
--   * company_rank: positions among same-CAEN companies (rf_refresh_ranks);
--   * collaboration: authority/supplier pairs from tenders (rf_refresh_collaborations);
--   * landing statistics: materialized views mv_* (rf_refresh_stats).
-- rf_refresh_derived() runs them all (imports and seeds call it); rf_refresh_company(cui) keeps one
-- company consistent after a single change (contacts, social links, tenders, EU projects).

-- ───────────────────────── insolvency score per financial year ─────────────────────────
-- Altman Z'' (1995, private and non-manufacturing firms) from the MF indicators:
--   TA = total assets       = fixed assets (I1) + current assets (I2) + prepaid expenses (I6)
--   X1 = working capital/TA ≈ (I2 + I6 − debts I7 − deferred income I8) / TA  (debts are not split by term)
--   X2 = retained earnings/TA ≈ total equity (I10) / TA                     (no separate column)
--   X3 = EBIT/TA            ≈ (gross profit I16 − gross loss I17) / TA
--   X4 = book equity/total liabilities = I10 / I7, clamped to [−10, 10] (debt-free companies)
--   Z'' = 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4, distress below 1.1, safe above 2.6.
-- The product's gauge and the HasInsolvencyRisk filter use Altman's classic cut-offs 1.8 (high
-- risk) and 2.99 (low risk) (001 §4), so Z'' is mapped linearly onto that scale, 1.1 → 1.8 and
-- 2.6 → 2.99: score = 0.9273 + 0.7933·Z'', clamped to [−5, 10] and rounded to 2 decimals.
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

-- The per-year score depends only on its own row: a stored generated column keeps it correct for
-- every writer (COPY, imports, Prisma) at no extra pass. Prisma declares it as a plain optional
-- column and never writes it.
ALTER TABLE "financial_year" DROP COLUMN "insolvency_score";
ALTER TABLE "financial_year" ADD COLUMN "insolvency_score" REAL GENERATED ALWAYS AS (
  rf_compute_insolvency("total_immobilised_assets", "total_circulating_assets", "expenses_in_advance", "debts",
                        "income_in_advance", "total_capitals", "gross_profit", "gross_loss")
) STORED;

-- Growth in percent of cur versus prev; NULL when prev is absent or 0 (001 §3 Year details).
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

-- ───────────────────────── latest-year facts on the company row ─────────────────────────
-- Public contacts = neither private nor deleted (private ones are visible to their owner only).
-- importance ranks type-ahead suggestions: size first, operating companies before the others.
CREATE OR REPLACE FUNCTION rf_refresh_company_facts(p_cui integer DEFAULT NULL) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF p_cui IS NULL THEN
    WITH ly AS (
      SELECT DISTINCT ON (cui) cui, year, employees, net_turnover, net_profit - net_loss AS profit, insolvency_score
      FROM financial_year ORDER BY cui DESC, year DESC
    ), f AS (
      SELECT c.cui,
        ly.year AS last_year,
        coalesce(ly.employees, 0) AS employees,
        coalesce(ly.net_turnover, 0) AS turnover,
        coalesce(ly.profit, 0) AS profit,
        ly.insolvency_score,
        coalesce(ly.insolvency_score < 1.8, false) AS has_insolvency_risk,
        coalesce(s.is_active, c.is_active) AS is_active,
        c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_deleted AND coalesce(k.email, '') <> '') AS has_email,
        c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_deleted AND coalesce(k.phone, '') <> '') AS has_phone,
        c.cui IN (SELECT t.supplier_cui FROM tender t UNION ALL SELECT t.authority_cui FROM tender t) AS has_tenders,
        c.cui IN (SELECT e.cui FROM eu_project e) AS has_eu_projects
      FROM company c
      LEFT JOIN ly ON ly.cui = c.cui
      LEFT JOIN company_status s ON s.code = c.status_code
    )
    UPDATE company c SET
      last_year = f.last_year, employees = f.employees, turnover = f.turnover, profit = f.profit,
      insolvency_score = f.insolvency_score, has_insolvency_risk = f.has_insolvency_risk, is_active = f.is_active,
      has_email = f.has_email, has_phone = f.has_phone, has_tenders = f.has_tenders, has_eu_projects = f.has_eu_projects,
      importance = rf_importance(f.turnover, f.employees, f.is_active)
    FROM f
    WHERE c.cui = f.cui
      AND (c.last_year, c.employees, c.turnover, c.profit, c.insolvency_score, c.has_insolvency_risk, c.is_active,
           c.has_email, c.has_phone, c.has_tenders, c.has_eu_projects, c.importance)
          IS DISTINCT FROM
          (f.last_year, f.employees, f.turnover, f.profit, f.insolvency_score, f.has_insolvency_risk, f.is_active,
           f.has_email, f.has_phone, f.has_tenders, f.has_eu_projects, rf_importance(f.turnover, f.employees, f.is_active));
  ELSE
    WITH ly AS (
      SELECT year, employees, net_turnover, net_profit - net_loss AS profit, insolvency_score
      FROM financial_year WHERE cui = p_cui ORDER BY year DESC LIMIT 1
    ), f AS (
      SELECT c.cui,
        (SELECT year FROM ly) AS last_year,
        coalesce((SELECT employees FROM ly), 0) AS employees,
        coalesce((SELECT net_turnover FROM ly), 0) AS turnover,
        coalesce((SELECT profit FROM ly), 0) AS profit,
        (SELECT insolvency_score FROM ly) AS insolvency_score,
        coalesce((SELECT insolvency_score FROM ly) < 1.8, false) AS has_insolvency_risk,
        coalesce((SELECT s.is_active FROM company_status s WHERE s.code = c.status_code), c.is_active) AS is_active,
        EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui AND NOT k.is_private AND NOT k.is_deleted AND coalesce(k.email, '') <> '') AS has_email,
        EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui AND NOT k.is_private AND NOT k.is_deleted AND coalesce(k.phone, '') <> '') AS has_phone,
        EXISTS (SELECT 1 FROM tender t WHERE t.supplier_cui = c.cui) OR EXISTS (SELECT 1 FROM tender t WHERE t.authority_cui = c.cui) AS has_tenders,
        EXISTS (SELECT 1 FROM eu_project e WHERE e.cui = c.cui) AS has_eu_projects
      FROM company c WHERE c.cui = p_cui
    )
    UPDATE company c SET
      last_year = f.last_year, employees = f.employees, turnover = f.turnover, profit = f.profit,
      insolvency_score = f.insolvency_score, has_insolvency_risk = f.has_insolvency_risk, is_active = f.is_active,
      has_email = f.has_email, has_phone = f.has_phone, has_tenders = f.has_tenders, has_eu_projects = f.has_eu_projects,
      importance = rf_importance(f.turnover, f.employees, f.is_active)
    FROM f
    WHERE c.cui = f.cui
      AND (c.last_year, c.employees, c.turnover, c.profit, c.insolvency_score, c.has_insolvency_risk, c.is_active,
           c.has_email, c.has_phone, c.has_tenders, c.has_eu_projects, c.importance)
          IS DISTINCT FROM
          (f.last_year, f.employees, f.turnover, f.profit, f.insolvency_score, f.has_insolvency_risk, f.is_active,
           f.has_email, f.has_phone, f.has_tenders, f.has_eu_projects, rf_importance(f.turnover, f.employees, f.is_active));
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- ln(1 + turnover) + 2·ln(1 + employees) + 5 for an operating company (0 … ~40).
CREATE OR REPLACE FUNCTION rf_importance(turnover bigint, employees integer, is_active boolean) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (ln(1 + greatest(turnover, 0)::float8) + 2 * ln(1 + greatest(employees, 0)::float8)
               + CASE WHEN is_active THEN 5 ELSE 0 END)::real $$;

-- ───────────────────────── trends: growth and spikes ─────────────────────────
-- HasGrowth: the latest year versus the previous year on record (NULL with a single year).
-- Spike: a year-over-year change to at least ×2 or at most ÷2 (for profit: +100 % / −50 % of
-- |previous|), ignoring tiny bases (employees < 5, money < 50,000 lei on both sides). The largest
-- relative change wins, the later year on ties; HasUpwardSpike NULL = no spike.
-- Encoded as one bigint per row so that a plain max() picks it: change·1000, year, direction.
CREATE OR REPLACE FUNCTION rf_spike_key(cur float8, prev float8, year integer, min_base float8, is_signed boolean)
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  SELECT CASE
    WHEN prev IS NULL OR cur IS NULL OR prev = 0 OR greatest(abs(cur), abs(prev)) < min_base THEN NULL
    WHEN NOT is_signed AND prev < 0 THEN NULL
    WHEN (cur - prev) / abs(prev) >= 1 OR (cur - prev) / abs(prev) <= -0.5
      THEN round(least(abs(cur - prev) / abs(prev), 1e9) * 1000)::bigint * 100000 + year * 10 + (cur > prev)::int
  END $$;

CREATE OR REPLACE FUNCTION rf_refresh_trends(p_cui integer DEFAULT NULL) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF p_cui IS NULL THEN
    TRUNCATE company_trend;
  ELSE
    DELETE FROM company_trend WHERE cui = p_cui;
  END IF;
  -- EXECUTE: planned for the actual case (one company through the primary key, or all of them).
  EXECUTE format($q$
    INSERT INTO company_trend (cui,
      employees_has_growth, employees_spike_year, employees_spike_up,
      turnover_has_growth, turnover_spike_year, turnover_spike_up,
      profit_has_growth, profit_spike_year, profit_spike_up)
    SELECT cui,
      bool_or(e > pe) FILTER (WHERE is_last), (max(ke) / 10 %% 10000)::smallint, (max(ke) %% 10) = 1,
      bool_or(t > pt) FILTER (WHERE is_last), (max(kt) / 10 %% 10000)::smallint, (max(kt) %% 10) = 1,
      bool_or(p > pp) FILTER (WHERE is_last), (max(kp) / 10 %% 10000)::smallint, (max(kp) %% 10) = 1
    FROM (
      SELECT cui, e, pe, t, pt, p, pp, is_last,
        rf_spike_key(e, pe, year, 5, false) AS ke,
        rf_spike_key(t, pt, year, 50000, false) AS kt,
        rf_spike_key(p, pp, year, 50000, true) AS kp
      FROM (
        SELECT cui, year,
          employees::float8 AS e, (lag(employees) OVER w)::float8 AS pe,
          net_turnover::float8 AS t, (lag(net_turnover) OVER w)::float8 AS pt,
          (net_profit - net_loss)::float8 AS p, (lag(net_profit - net_loss) OVER w)::float8 AS pp,
          lead(year) OVER w IS NULL AS is_last
        FROM financial_year
        %s
        WINDOW w AS (PARTITION BY cui ORDER BY year)
      ) y
    ) s
    GROUP BY cui$q$, CASE WHEN p_cui IS NULL THEN '' ELSE format('WHERE cui = %s', p_cui) END);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- ───────────────────────── rankings ─────────────────────────
-- Positions (1 = first) among operating companies with financial data and the same main CAEN,
-- in Romania, the county and the locality; ties broken by CUI so every position is unique and
-- stable. Insolvency: higher score = lower risk = better position; no score, no position.
-- Companies that are not ranked have no row.
CREATE OR REPLACE FUNCTION rf_refresh_ranks() RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  TRUNCATE company_rank;
  INSERT INTO company_rank (cui,
    turnover_country, turnover_county, turnover_locality,
    profit_country, profit_county, profit_locality,
    employees_country, employees_county, employees_locality,
    insolvency_country, insolvency_county, insolvency_locality)
  SELECT cui,
    row_number() OVER (PARTITION BY caen_code ORDER BY turnover DESC, cui),
    row_number() OVER (PARTITION BY caen_code, county_id ORDER BY turnover DESC, cui),
    row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY turnover DESC, cui),
    row_number() OVER (PARTITION BY caen_code ORDER BY profit DESC, cui),
    row_number() OVER (PARTITION BY caen_code, county_id ORDER BY profit DESC, cui),
    row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY profit DESC, cui),
    row_number() OVER (PARTITION BY caen_code ORDER BY employees DESC, cui),
    row_number() OVER (PARTITION BY caen_code, county_id ORDER BY employees DESC, cui),
    row_number() OVER (PARTITION BY caen_code, locality_id ORDER BY employees DESC, cui),
    CASE WHEN insolvency_score IS NOT NULL THEN
      row_number() OVER (PARTITION BY caen_code, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui) END,
    CASE WHEN insolvency_score IS NOT NULL THEN
      row_number() OVER (PARTITION BY caen_code, county_id, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui) END,
    CASE WHEN insolvency_score IS NOT NULL THEN
      row_number() OVER (PARTITION BY caen_code, locality_id, insolvency_score IS NULL ORDER BY insolvency_score DESC, cui) END
  FROM company
  WHERE is_active AND last_year IS NOT NULL AND caen_code IS NOT NULL;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- ───────────────────────── collaborations ─────────────────────────
-- Every contracting authority / supplier pair of the tenders, stored in both directions with the
-- number of tenders between them. Authorities that are public institutions are not companies:
-- their rows exist too (the network graph walks through them); names come from the tenders.
CREATE OR REPLACE FUNCTION rf_refresh_collaborations(p_cui integer DEFAULT NULL) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF p_cui IS NULL THEN
    TRUNCATE collaboration;
    INSERT INTO collaboration (cui, partner_cui, number_of_collaborations)
    SELECT a, b, sum(k)::int FROM (
      SELECT authority_cui AS a, supplier_cui AS b, count(*) AS k FROM tender WHERE authority_cui <> supplier_cui GROUP BY 1, 2
      UNION ALL
      SELECT supplier_cui, authority_cui, count(*) FROM tender WHERE authority_cui <> supplier_cui GROUP BY 1, 2
    ) x GROUP BY a, b;
  ELSE
    DELETE FROM collaboration WHERE cui = p_cui OR partner_cui = p_cui;
    INSERT INTO collaboration (cui, partner_cui, number_of_collaborations)
    SELECT a, b, count(*)::int FROM (
      SELECT authority_cui AS a, supplier_cui AS b FROM tender WHERE (authority_cui = p_cui OR supplier_cui = p_cui) AND authority_cui <> supplier_cui
      UNION ALL
      SELECT supplier_cui, authority_cui FROM tender WHERE (authority_cui = p_cui OR supplier_cui = p_cui) AND authority_cui <> supplier_cui
    ) x GROUP BY a, b;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- ───────────────────────── landing statistics ─────────────────────────
CREATE MATERIALIZED VIEW mv_landing_totals AS
SELECT 1 AS id,
  (SELECT count(*) FROM company) AS companies,
  (SELECT count(*) FROM company WHERE is_active) AS active_companies,
  (SELECT count(*) FROM representative WHERE NOT is_deleted) AS representatives,
  (SELECT count(*) FROM contact WHERE NOT is_private AND NOT is_deleted) AS contacts,
  (SELECT count(*) FROM tender) AS tenders,
  (SELECT count(*) FROM eu_project) AS eu_projects,
  (SELECT count(*) FROM company WHERE has_insolvency_risk) AS high_risk_companies,
  (SELECT count(*) FROM company WHERE insolvency_score >= 1.8) AS low_risk_companies,
  now() AS refreshed_at;
CREATE UNIQUE INDEX mv_landing_totals_id_key ON mv_landing_totals (id);

CREATE MATERIALIZED VIEW mv_county_stats AS
SELECT k.id AS county_id, k.code, k.name,
  count(c.cui) AS companies,
  count(c.cui) FILTER (WHERE c.is_active) AS active_companies
FROM county k
LEFT JOIN company c ON c.county_id = k.id
GROUP BY k.id, k.code, k.name;
CREATE UNIQUE INDEX mv_county_stats_county_id_key ON mv_county_stats (county_id);
CREATE INDEX mv_county_stats_companies_idx ON mv_county_stats (companies DESC, county_id);

-- Main activities are CAEN Rev.2 classes (the 2015–2024 statements use Rev.2).
CREATE MATERIALIZED VIEW mv_caen_stats AS
SELECT c.caen_code, n.name, n.section,
  count(*) AS companies,
  count(*) FILTER (WHERE c.is_active) AS active_companies
FROM company c
LEFT JOIN caen n ON n.revision = 2 AND n.code = c.caen_code
WHERE c.caen_code IS NOT NULL
GROUP BY c.caen_code, n.name, n.section;
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

-- The four landing size cards by latest turnover (001 §4 business size): under 2 M lei micro,
-- over 2 M up to 10 M mică, over 10 M up to 50 M mijlocie, over 50 M mare. Bounds are inclusive
-- whole lei (the exact 2 M / 10 M / 50 M fall in no card, as the spec's labels do); NULL = open.
CREATE MATERIALIZED VIEW mv_size_band_stats AS
SELECT b.band, b.name, b.min_turnover, b.max_turnover,
  count(c.cui) AS companies,
  count(c.cui) FILTER (WHERE c.is_active) AS active_companies
FROM (VALUES
  (1, 'Micro', 0::bigint, 1999999::bigint),
  (2, 'Mică', 2000001::bigint, 10000000::bigint),
  (3, 'Mijlocie', 10000001::bigint, 50000000::bigint),
  (4, 'Mare', 50000001::bigint, NULL::bigint)
) AS b(band, name, min_turnover, max_turnover)
LEFT JOIN company c ON c.turnover >= b.min_turnover AND (b.max_turnover IS NULL OR c.turnover <= b.max_turnover)
GROUP BY b.band, b.name, b.min_turnover, b.max_turnover;
CREATE UNIQUE INDEX mv_size_band_stats_band_key ON mv_size_band_stats (band);

-- concurrent = true keeps the views readable during the refresh (slower; for online imports).
CREATE OR REPLACE FUNCTION rf_refresh_stats(concurrent boolean DEFAULT false) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF concurrent THEN
    REFRESH MATERIALIZED VIEW CONCURRENTLY mv_landing_totals;
    REFRESH MATERIALIZED VIEW CONCURRENTLY mv_county_stats;
    REFRESH MATERIALIZED VIEW CONCURRENTLY mv_caen_stats;
    REFRESH MATERIALIZED VIEW CONCURRENTLY mv_caen_section_stats;
    REFRESH MATERIALIZED VIEW CONCURRENTLY mv_size_band_stats;
  ELSE
    REFRESH MATERIALIZED VIEW mv_landing_totals;
    REFRESH MATERIALIZED VIEW mv_county_stats;
    REFRESH MATERIALIZED VIEW mv_caen_stats;
    REFRESH MATERIALIZED VIEW mv_caen_section_stats;
    REFRESH MATERIALIZED VIEW mv_size_band_stats;
  END IF;
END $$;

-- ───────────────────────── entry points ─────────────────────────
-- After any import or seed: everything, in dependency order (ranks and statistics read the facts).
-- Returns one row per step with the rows written and the time it took.
CREATE OR REPLACE FUNCTION rf_refresh_derived() RETURNS TABLE(step text, rows_written bigint, ms numeric)
  LANGUAGE plpgsql AS $$
DECLARE
  t timestamptz;
BEGIN
  t := clock_timestamp();
  step := 'collaborations'; rows_written := rf_refresh_collaborations();
  ms := round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000); RETURN NEXT;
  t := clock_timestamp();
  step := 'company_facts'; rows_written := rf_refresh_company_facts();
  ms := round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000); RETURN NEXT;
  t := clock_timestamp();
  step := 'trends'; rows_written := rf_refresh_trends();
  ms := round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000); RETURN NEXT;
  t := clock_timestamp();
  step := 'ranks'; rows_written := rf_refresh_ranks();
  ms := round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000); RETURN NEXT;
  t := clock_timestamp();
  step := 'stats'; rows_written := NULL; PERFORM rf_refresh_stats(false);
  ms := round(extract(epoch FROM clock_timestamp() - t)::numeric * 1000); RETURN NEXT;
END $$;

-- After a change to one company (its contacts, social links, tenders, EU projects, status or
-- years): its facts, its trend and its collaboration pairs (both directions). A tender touches two
-- parties: call it for the authority and the supplier. Ranks and landing statistics move with the
-- whole population and are refreshed by rf_refresh_derived() / rf_refresh_stats().
CREATE OR REPLACE FUNCTION rf_refresh_company(p_cui integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rf_refresh_company_facts(p_cui);
  PERFORM rf_refresh_trends(p_cui);
  PERFORM rf_refresh_collaborations(p_cui);
END $$;
