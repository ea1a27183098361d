-- The default scores and sector quartiles at 3.5 million companies within the import's budget
-- (issue 49, decision 111). The first version (20261130030000_default_risk) read v_risk_input twice
-- (once per target table) and sorted every company-year once for all eight ratios and both areas
-- in one GroupAggregate on a text key, with the session's 4 MB of work_mem: at 200,000 companies it
-- took 48 s alone, linear beyond ten minutes at 3.5 million. Now one plpgsql function:
--   1. one window pass over financial_year into an unlogged staging table (CREATE TABLE AS, so
--      the scan and sort below the window may use parallel workers), every input computed by the
--      one definition in v_risk_input, which now also says which year is the company's latest;
--   2. the national quartiles (every year, 8 ratios) and the county quartiles (last two years,
--      the 5 ratios the page shows per county) as two grouped passes over that table, sorted on
--      the byte order of the CAEN code (no locale comparison in a 21-million-row sort);
--   3. the latest year's score, band, limit and market share of every company from the staging
--      table (a hash join on the small national quartile table);
--   4. a merge that writes only what differs (hash anti-joins, no per-row probe of the target),
--      so a refresh on unchanged data writes nothing and readers keep reading the old rows
--      until the import's transaction commits (a table swap would lock the page's reads).
-- The staging table keeps the ratios as real (what company_risk and sector_benchmark store): a
-- third less to write and to sort than float8.
-- The staging tables have fixed names: an advisory lock keeps two refreshes apart, and they are
-- dropped at the end (an error rolls their creation back with the transaction, so they never
-- outlive a call).

CREATE OR REPLACE VIEW v_risk_input AS
SELECT w.cui, w.year, c.caen_code, c.county_id, c.is_active, w.net_turnover, w.total_capitals,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, (w.total_circulating_assets + w.expenses_in_advance - w.debts - w.income_in_advance)::float8 / w.ta)) END AS liquidity,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, w.total_capitals::float8 / w.ta)) END AS equity,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, (w.gross_profit - w.gross_loss)::float8 / w.ta)) END AS profitability,
  CASE WHEN w.net_turnover > 0 THEN least(1, greatest(-1, (w.net_profit - w.net_loss)::float8 / w.net_turnover)) END AS net_margin,
  CASE WHEN w.prev_year = w.year - 1 THEN least(3, greatest(-3, ln((greatest(w.net_turnover, 0) + 1000)::float8 / (greatest(w.prev_turnover, 0) + 1000)))) ELSE 0 END AS trend,
  log(1 + greatest(w.net_turnover, 0)::float8) AS size,
  ln(1 + greatest(0, w.year - coalesce(extract(year FROM c.establishment_date)::int, w.year))) AS age,
  ((w.net_loss > 0)::int + coalesce((w.loss_1 > 0)::int, 0) + coalesce((w.loss_2 > 0)::int, 0))::float8 AS history,
  w.next_year IS NULL AS is_latest
FROM (
  SELECT f.*,
    f.total_immobilised_assets + f.total_circulating_assets + f.expenses_in_advance AS ta,
    lag(f.year) OVER w AS prev_year,
    lag(f.net_turnover) OVER w AS prev_turnover,
    lag(f.net_loss) OVER w AS loss_1,
    lag(f.net_loss, 2) OVER w AS loss_2,
    lead(f.year) OVER w AS next_year
  FROM financial_year f
  WINDOW w AS (PARTITION BY f.cui ORDER BY f.year)
) w
JOIN company c ON c.cui = w.cui;

DROP FUNCTION IF EXISTS rf_refresh_sector_benchmarks();
DROP FUNCTION IF EXISTS rf_refresh_company_risk();

-- percentile_cont over a column given as its distinct values (ascending) and their counts: the
-- same interpolation, lo + (hi − lo) × (q·(n − 1) − floor(q·(n − 1))), so the same result.
CREATE OR REPLACE FUNCTION rf_percentile_cont_counted(vals float8[], counts bigint[], qs float8[]) RETURNS real[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  n bigint := 0;
  result real[] := '{}';
  q float8;
  pos float8;
  lo_i bigint;
  hi_i bigint;
  lo_v float8;
  hi_v float8;
  cum bigint;
  i int;
BEGIN
  IF vals IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 1 .. array_length(counts, 1) LOOP
    n := n + counts[i];
  END LOOP;
  FOREACH q IN ARRAY qs LOOP
    pos := q * (n - 1);
    lo_i := floor(pos);
    hi_i := ceil(pos);
    cum := 0;
    lo_v := NULL;
    FOR i IN 1 .. array_length(vals, 1) LOOP
      cum := cum + counts[i];
      IF lo_v IS NULL AND lo_i < cum THEN
        lo_v := vals[i];
      END IF;
      IF hi_i < cum THEN
        hi_v := vals[i];
        EXIT;
      END IF;
    END LOOP;
    result := result || (lo_v + (hi_v - lo_v) * (pos - lo_i))::real;
  END LOOP;
  RETURN result;
END
$$;

-- Bands by probability of default in the next year: A < 1 %, B < 3 %, C < 8 %, D < 20 %, E from
-- 20 % (RISK_BANDS in lib/risk/model.ts). log-odds = intercept + Σ b·(x − mean), a missing ratio
-- scored at the mean. Suggested trade-credit limit (lei, rounded down to 100): min(10 % of
-- turnover, 20 % of positive equity) × the band's factor (A 1, B 0.75, C 0.5, D 0.25, E 0).
-- work_mem: the national sort holds about 21 million narrow rows; 256 MB per sort keeps the merge
-- passes few without starving the other refreshes (a parallel sort takes it once per process).
CREATE OR REPLACE FUNCTION rf_refresh_risk() RETURNS bigint
  LANGUAGE plpgsql
  SET work_mem = '256MB'
  SET max_parallel_workers_per_gather = 2
  AS $$
DECLARE
  written bigint := 0;
  n bigint;
  last_y int;
  t timestamptz := clock_timestamp();
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('rf_refresh_risk'));
  SELECT max(year) INTO last_y FROM financial_year;

  CREATE UNLOGGED TABLE risk_stage_input AS
    SELECT i.cui, i.year::smallint AS year, i.caen_code::text COLLATE "C" AS caen_code, i.county_id, i.is_latest,
      i.net_turnover, i.total_capitals, i.liquidity::real AS liquidity, i.equity::real AS equity, i.profitability::real AS profitability,
      i.net_margin::real AS net_margin, i.trend::real AS trend, i.size::real AS size, i.age::real AS age, i.history::real AS history
    FROM v_risk_input i;
  ANALYZE risk_stage_input;
  RAISE DEBUG 'rf_refresh_risk: inputs (one window pass) % s', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  t := clock_timestamp();

  CREATE UNLOGGED TABLE risk_stage_sector AS
    SELECT caen_code, 0 AS county_id, year,
      count(*)::int AS companies,
      coalesce(sum(greatest(net_turnover, 0)), 0)::float8 AS turnover_total,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY liquidity)::real[] AS liquidity,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY equity)::real[] AS equity,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY profitability)::real[] AS profitability,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY net_margin)::real[] AS net_margin,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY trend)::real[] AS trend,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY size)::real[] AS size,
      NULL::real[] AS age,
      NULL::real[] AS history
    FROM risk_stage_input WHERE caen_code IS NOT NULL
    GROUP BY caen_code, year;
  -- Age (whole years on a log scale) and history (0 to 3) take few values: their quartiles come
  -- from the count of each value (one hash aggregate), not from sorting 21 million rows twice more.
  UPDATE risk_stage_sector s SET age = d.age, history = d.history
  FROM (
    SELECT caen_code, year,
      rf_percentile_cont_counted(array_agg(v ORDER BY v) FILTER (WHERE m = 'age'), array_agg(c ORDER BY v) FILTER (WHERE m = 'age'), ARRAY[0.25, 0.5, 0.75]) AS age,
      rf_percentile_cont_counted(array_agg(v ORDER BY v) FILTER (WHERE m = 'history'), array_agg(c ORDER BY v) FILTER (WHERE m = 'history'), ARRAY[0.25, 0.5, 0.75]) AS history
    FROM (
      SELECT caen_code, year, CASE WHEN GROUPING(age) = 0 THEN 'age' ELSE 'history' END AS m,
        CASE WHEN GROUPING(age) = 0 THEN age ELSE history END AS v, count(*) AS c
      FROM risk_stage_input WHERE caen_code IS NOT NULL
      GROUP BY GROUPING SETS ((caen_code, year, age), (caen_code, year, history))
    ) k
    GROUP BY caen_code, year
  ) d
  WHERE d.caen_code = s.caen_code AND d.year = s.year;
  RAISE DEBUG 'rf_refresh_risk: national quartiles % s', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  t := clock_timestamp();
  -- The county's quartiles: the scored years only, and only the ratios the page compares per county.
  INSERT INTO risk_stage_sector
    SELECT caen_code, county_id, year,
      count(*)::int,
      coalesce(sum(greatest(net_turnover, 0)), 0)::float8,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY liquidity)::real[],
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY equity)::real[],
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY profitability)::real[],
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY net_margin)::real[],
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY trend)::real[],
      NULL, NULL, NULL
    FROM risk_stage_input WHERE caen_code IS NOT NULL AND county_id IS NOT NULL AND year >= last_y - 1
    GROUP BY caen_code, county_id, year;
  RAISE DEBUG 'rf_refresh_risk: county quartiles % s', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  t := clock_timestamp();

  CREATE UNLOGGED TABLE risk_stage_company AS
    SELECT p.cui, p.year, p.caen_code::varchar(4) AS caen_code, p.county_id, p.probability::real AS probability, b.band::char(1) AS band,
      (floor(least(0.10 * greatest(p.net_turnover, 0), 0.20 * greatest(p.total_capitals, 0))
        * CASE b.band WHEN 'A' THEN 1 WHEN 'B' THEN 0.75 WHEN 'C' THEN 0.5 WHEN 'D' THEN 0.25 ELSE 0 END / 100) * 100)::bigint AS credit_limit,
      p.liquidity::real AS liquidity, p.equity::real AS equity, p.profitability::real AS profitability, p.trend::real AS trend,
      p.size::real AS size, p.age::real AS age, p.history::real AS history,
      p.c_liquidity::real AS c_liquidity, p.c_equity::real AS c_equity, p.c_profitability::real AS c_profitability,
      p.c_trend::real AS c_trend, p.c_size::real AS c_size, p.c_age::real AS c_age, p.c_history::real AS c_history,
      CASE WHEN sb.turnover_total > 0 THEN (greatest(p.net_turnover, 0) / sb.turnover_total)::real END AS market_share
    FROM (
      SELECT s.*, 1 / (1 + exp(-least(30, greatest(-30,
        s.intercept + s.c_liquidity + s.c_equity + s.c_profitability + s.c_trend + s.c_size + s.c_age + s.c_history)))) AS probability
      FROM (
        SELECT i.cui, i.year, i.caen_code, i.county_id, i.net_turnover, i.total_capitals,
          i.liquidity, i.equity, i.profitability, i.trend, i.size, i.age, i.history,
          m.b_liquidity * (coalesce(i.liquidity, m.m_liquidity) - m.m_liquidity) AS c_liquidity,
          m.b_equity * (coalesce(i.equity, m.m_equity) - m.m_equity) AS c_equity,
          m.b_profitability * (coalesce(i.profitability, m.m_profitability) - m.m_profitability) AS c_profitability,
          m.b_trend * (i.trend - m.m_trend) AS c_trend,
          m.b_size * (i.size - m.m_size) AS c_size,
          m.b_age * (i.age - m.m_age) AS c_age,
          m.b_history * (i.history - m.m_history) AS c_history,
          m.intercept
        FROM risk_stage_input i CROSS JOIN risk_model m
        WHERE i.is_latest
      ) s
    ) p
    CROSS JOIN LATERAL (SELECT CASE WHEN p.probability < 0.01 THEN 'A' WHEN p.probability < 0.03 THEN 'B'
      WHEN p.probability < 0.08 THEN 'C' WHEN p.probability < 0.20 THEN 'D' ELSE 'E' END AS band) b
    LEFT JOIN risk_stage_sector sb ON sb.caen_code = p.caen_code AND sb.county_id = 0 AND sb.year = p.year;
  RAISE DEBUG 'rf_refresh_risk: scores % s', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  t := clock_timestamp();

  -- Merge: only the rows that differ are written.
  DELETE FROM sector_benchmark b WHERE NOT EXISTS (
    SELECT 1 FROM risk_stage_sector q WHERE q.caen_code = b.caen_code AND q.county_id = b.county_id AND q.year = b.year);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;
  UPDATE sector_benchmark b SET
    (companies, turnover_total, liquidity, equity, profitability, net_margin, trend, size, age, history)
    = (q.companies, q.turnover_total, q.liquidity, q.equity, q.profitability, q.net_margin, q.trend, q.size, q.age, q.history)
  FROM risk_stage_sector q
  WHERE q.caen_code = b.caen_code AND q.county_id = b.county_id AND q.year = b.year
    AND (b.companies, b.turnover_total, b.liquidity, b.equity, b.profitability, b.net_margin, b.trend, b.size, b.age, b.history)
      IS DISTINCT FROM (q.companies, q.turnover_total, q.liquidity, q.equity, q.profitability, q.net_margin, q.trend, q.size, q.age, q.history);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;
  INSERT INTO sector_benchmark
    SELECT q.* FROM risk_stage_sector q WHERE NOT EXISTS (
      SELECT 1 FROM sector_benchmark b WHERE q.caen_code = b.caen_code AND q.county_id = b.county_id AND q.year = b.year);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;
  RAISE DEBUG 'rf_refresh_risk: sector_benchmark merge % s', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1);
  t := clock_timestamp();

  DELETE FROM company_risk r WHERE NOT EXISTS (SELECT 1 FROM risk_stage_company s WHERE s.cui = r.cui);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;
  UPDATE company_risk r SET
    (year, caen_code, county_id, probability, band, credit_limit, liquidity, equity, profitability, trend, size, age, history,
     c_liquidity, c_equity, c_profitability, c_trend, c_size, c_age, c_history, market_share)
    = (s.year, s.caen_code, s.county_id, s.probability, s.band, s.credit_limit, s.liquidity, s.equity, s.profitability, s.trend,
       s.size, s.age, s.history, s.c_liquidity, s.c_equity, s.c_profitability, s.c_trend, s.c_size, s.c_age, s.c_history, s.market_share)
  FROM risk_stage_company s
  WHERE s.cui = r.cui
    AND (r.year, r.caen_code, r.county_id, r.probability, r.band, r.credit_limit, r.liquidity, r.equity, r.profitability, r.trend,
         r.size, r.age, r.history, r.c_liquidity, r.c_equity, r.c_profitability, r.c_trend, r.c_size, r.c_age, r.c_history, r.market_share)
      IS DISTINCT FROM
        (s.year, s.caen_code, s.county_id, s.probability, s.band, s.credit_limit, s.liquidity, s.equity, s.profitability, s.trend,
         s.size, s.age, s.history, s.c_liquidity, s.c_equity, s.c_profitability, s.c_trend, s.c_size, s.c_age, s.c_history, s.market_share);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;
  INSERT INTO company_risk
    SELECT s.* FROM risk_stage_company s WHERE NOT EXISTS (SELECT 1 FROM company_risk r WHERE r.cui = s.cui);
  GET DIAGNOSTICS n = ROW_COUNT;
  written := written + n;

  RAISE DEBUG 'rf_refresh_risk: company_risk merge % s (% rows written in all)', round(extract(epoch FROM clock_timestamp() - t)::numeric, 1), written;
  -- contract: the function's own staging tables, made above in this call; no release reads them
  DROP TABLE risk_stage_input, risk_stage_sector, risk_stage_company;
  RETURN written;
END
$$;

-- The model's intercept recalibrated on the latest observed year (decision 111): the same slopes
-- and means (fitted on every year, decision 100), the base rate of 2023 instead of the average of
-- 2015–2023, from `npm run bench -- risk` on the 20,000-company demo set (2026-11-29).
DELETE FROM risk_model;
INSERT INTO risk_model (fitted_on, observations, defaults, auc, intercept, b_liquidity, m_liquidity, b_equity, m_equity,
  b_profitability, m_profitability, b_trend, m_trend, b_size, m_size, b_age, m_age, b_history, m_history)
VALUES ('backtest 2026-11-29: 19429 firme din setul demonstrativ, anii 2015-2023, interceptul pe 2023', 136058, 8776, 0.633, -1.658569,
  -0.886358, 0.097897, -0.301599, 0.437625, -0.190176, 0.035637, 0.150607, 0.067079, 0.010736, 3.632105,
  0.563796, 2.439107, 0.119008, 0.903365);
