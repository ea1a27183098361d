-- Default risk you can explain (issue 49, decisions 100 and 101):
--   * v_risk_input: the model's inputs per company and financial year, one definition read by the
--     refresh (latest year) and by the backtest (every year)
--   * v_risk_observation: the inputs with what happened next (the default label of the backtest)
--   * risk_model: the fitted logistic regression (one row: intercept, a coefficient and a
--     population mean per input), written by this migration from `npm run bench -- risk`
--   * sector_benchmark: quartiles of every ratio per CAEN class and year, national (county_id 0)
--     and per county, with the class's total turnover
--   * company_risk: per company, its latest year's probability, band, inputs, contributions,
--     suggested trade-credit limit and market share, so that the company page reads one row
-- rf_refresh_risk() rebuilds both tables set-based; rf_refresh_derived() runs it after the ranks.
-- As in the other derived-data migrations: LANGUAGE sql functions of one statement each and no
-- semicolon inside a statement or a comment (the WebAssembly migration path splits on them).

CREATE TABLE risk_model (
  id              smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  fitted_on       text NOT NULL,
  observations    integer NOT NULL,
  defaults        integer NOT NULL,
  auc             real NOT NULL,
  intercept       float8 NOT NULL,
  b_liquidity     float8 NOT NULL,
  m_liquidity     float8 NOT NULL,
  b_equity        float8 NOT NULL,
  m_equity        float8 NOT NULL,
  b_profitability float8 NOT NULL,
  m_profitability float8 NOT NULL,
  b_trend         float8 NOT NULL,
  m_trend         float8 NOT NULL,
  b_size          float8 NOT NULL,
  m_size          float8 NOT NULL,
  b_age           float8 NOT NULL,
  m_age           float8 NOT NULL,
  b_history       float8 NOT NULL,
  m_history       float8 NOT NULL
);

CREATE TABLE sector_benchmark (
  caen_code      varchar(4) NOT NULL,
  county_id      integer NOT NULL,
  year           smallint NOT NULL,
  companies      integer NOT NULL,
  turnover_total float8 NOT NULL,
  liquidity      real[],
  equity         real[],
  profitability  real[],
  net_margin     real[],
  trend          real[],
  size           real[],
  age            real[],
  history        real[],
  PRIMARY KEY (caen_code, county_id, year)
);

CREATE TABLE company_risk (
  cui              integer PRIMARY KEY REFERENCES company(cui) ON DELETE CASCADE,
  year             smallint NOT NULL,
  caen_code        varchar(4),
  county_id        integer,
  probability      real NOT NULL,
  band             char(1) NOT NULL,
  credit_limit     bigint NOT NULL,
  liquidity        real,
  equity           real,
  profitability    real,
  trend            real,
  size             real,
  age              real,
  history          real,
  c_liquidity      real NOT NULL,
  c_equity         real NOT NULL,
  c_profitability  real NOT NULL,
  c_trend          real NOT NULL,
  c_size           real NOT NULL,
  c_age            real NOT NULL,
  c_history        real NOT NULL,
  market_share     real
);
CREATE INDEX company_risk_band_idx ON company_risk (band);

-- The inputs, each bounded so that one extreme balance sheet cannot dominate the sum:
--   liquidity     = working capital / total assets, (I2 + I6 − I7 − I8) / TA, in [−1, 1]
--   equity        = equity / total assets (financial autonomy, the inverse of leverage), in [−1, 1]
--   profitability = (gross profit − gross loss) / TA, in [−1, 1]
--   net_margin    = (net profit − net loss) / turnover, in [−1, 1], sector benchmarks only
--   trend         = ln((turnover + 1,000) / (previous year's turnover + 1,000)), in [−3, 3],
--                   0 without the previous year (the offset keeps dormant years finite)
--   size          = log10(1 + turnover)
--   age           = ln(1 + years since establishment at the end of the financial year), 0 without a date
--   history       = loss years among the last three on record (0–3)
-- A ratio is NULL without a balance sheet (TA ≤ 0): the score then uses the population mean,
-- so the missing input contributes nothing.
CREATE OR REPLACE VIEW v_risk_input AS
SELECT w.cui, w.year, c.caen_code, c.county_id, c.is_active, w.net_turnover, w.total_capitals,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, (w.total_circulating_assets + w.expenses_in_advance - w.debts - w.income_in_advance)::float8 / w.ta)) END AS liquidity,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, w.total_capitals::float8 / w.ta)) END AS equity,
  CASE WHEN w.ta > 0 THEN least(1, greatest(-1, (w.gross_profit - w.gross_loss)::float8 / w.ta)) END AS profitability,
  CASE WHEN w.net_turnover > 0 THEN least(1, greatest(-1, (w.net_profit - w.net_loss)::float8 / w.net_turnover)) END AS net_margin,
  CASE WHEN w.prev_year = w.year - 1 THEN least(3, greatest(-3, ln((greatest(w.net_turnover, 0) + 1000)::float8 / (greatest(w.prev_turnover, 0) + 1000)))) ELSE 0 END AS trend,
  log(1 + greatest(w.net_turnover, 0)::float8) AS size,
  ln(1 + greatest(0, w.year - coalesce(extract(year FROM c.establishment_date)::int, w.year))) AS age,
  ((w.net_loss > 0)::int + coalesce((w.loss_1 > 0)::int, 0) + coalesce((w.loss_2 > 0)::int, 0))::float8 AS history
FROM (
  SELECT f.*,
    f.total_immobilised_assets + f.total_circulating_assets + f.expenses_in_advance AS ta,
    lag(f.year) OVER w AS prev_year,
    lag(f.net_turnover) OVER w AS prev_turnover,
    lag(f.net_loss) OVER w AS loss_1,
    lag(f.net_loss, 2) OVER w AS loss_2
  FROM financial_year f
  WINDOW w AS (PARTITION BY f.cui ORDER BY f.year)
) w
JOIN company c ON c.cui = w.cui;

-- What happened next: the first year of a status that is not active (insolvency, dissolution,
-- liquidation, bankruptcy, removal, suspension) or the first year the company stopped filing,
-- whichever comes first. A year is observed while the company had not defaulted by its end and
-- the following year is on record, and defaulted = the default came in the following year.
CREATE OR REPLACE VIEW v_risk_observation AS
WITH last AS (SELECT max(year) AS y FROM financial_year),
ends AS (
  SELECT f.cui, max(f.year) AS last_filed FROM financial_year f GROUP BY f.cui
),
stops AS (
  SELECT e.cui, min(extract(year FROM e.event_date)::int) AS stop_year
  FROM company_status_event e JOIN company_status s ON s.code = e.status_code
  WHERE NOT s.is_active AND e.event_date IS NOT NULL
  GROUP BY e.cui
),
d AS (
  SELECT ends.cui,
    least(stops.stop_year, CASE WHEN ends.last_filed < last.y THEN ends.last_filed + 1 END) AS default_year
  FROM ends CROSS JOIN last LEFT JOIN stops ON stops.cui = ends.cui
)
SELECT i.*, d.default_year, (d.default_year = i.year + 1) AS defaulted
FROM v_risk_input i JOIN d ON d.cui = i.cui CROSS JOIN last
WHERE i.year < last.y AND (d.default_year IS NULL OR d.default_year > i.year);

-- Sector quartiles per CAEN class and year, national (county_id 0) for every year and per county
-- for the last two years on record (what the page shows: a county's quartiles over ten years would
-- cost ten times the sorting for a number nobody reads), from every company's own years (the class
-- is the company's current main CAEN).
CREATE OR REPLACE FUNCTION rf_refresh_sector_benchmarks() RETURNS bigint
  LANGUAGE sql
  AS $$
  WITH q AS MATERIALIZED (
    SELECT caen_code, county_id, year::smallint AS year,
      count(*)::int AS companies,
      coalesce(sum(greatest(net_turnover, 0)), 0)::float8 AS turnover_total,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY liquidity)::real[] AS liquidity,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY equity)::real[] AS equity,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY profitability)::real[] AS profitability,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY net_margin)::real[] AS net_margin,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY trend)::real[] AS trend,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY size)::real[] AS size,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY age)::real[] AS age,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY history)::real[] AS history
    FROM (SELECT i.caen_code, g.area AS county_id, i.year, i.net_turnover, i.liquidity, i.equity, i.profitability,
            i.net_margin, i.trend, i.size, i.age, i.history
          FROM v_risk_input i
          CROSS JOIN LATERAL (VALUES (0), (i.county_id)) g(area)
          WHERE i.caen_code IS NOT NULL AND g.area IS NOT NULL
            AND (g.area = 0 OR i.year >= (SELECT max(year) - 1 FROM financial_year))) x
    GROUP BY caen_code, county_id, year
  ),
  d AS (
    DELETE FROM sector_benchmark b WHERE NOT EXISTS (
      SELECT 1 FROM q WHERE q.caen_code = b.caen_code AND q.county_id = b.county_id AND q.year = b.year)
    RETURNING 1
  ),
  u AS (
    INSERT INTO sector_benchmark AS b SELECT * FROM q
    ON CONFLICT (caen_code, county_id, year) DO UPDATE SET
      (companies, turnover_total, liquidity, equity, profitability, net_margin, trend, size, age, history)
      = (EXCLUDED.companies, EXCLUDED.turnover_total, EXCLUDED.liquidity, EXCLUDED.equity, EXCLUDED.profitability,
         EXCLUDED.net_margin, EXCLUDED.trend, EXCLUDED.size, EXCLUDED.age, EXCLUDED.history)
    WHERE (b.companies, b.turnover_total, b.liquidity, b.equity, b.profitability, b.net_margin, b.trend, b.size, b.age, b.history)
      IS DISTINCT FROM
      (EXCLUDED.companies, EXCLUDED.turnover_total, EXCLUDED.liquidity, EXCLUDED.equity, EXCLUDED.profitability,
       EXCLUDED.net_margin, EXCLUDED.trend, EXCLUDED.size, EXCLUDED.age, EXCLUDED.history)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM d) + (SELECT count(*) FROM u)
$$;

-- The score of every company's latest year: log-odds = intercept + Σ b·(x − mean), so each
-- contribution b·(x − mean) says how far the input moves the company from an average one
-- (positive: more risk). Bands by probability of default in the next year: A < 1 %, B < 3 %,
-- C < 8 %, D < 20 %, E from 20 %.
-- Suggested trade-credit limit (lei, rounded down to 100): min(10 % of turnover, 20 % of positive
-- equity) × the band's factor (A 1, B 0.75, C 0.5, D 0.25, E 0).
CREATE OR REPLACE FUNCTION rf_refresh_company_risk() RETURNS bigint
  LANGUAGE sql
  AS $$
  WITH s AS MATERIALIZED (
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
    FROM v_risk_input i
    JOIN company c ON c.cui = i.cui AND c.last_year = i.year
    CROSS JOIN risk_model m
  ),
  p AS MATERIALIZED (
    SELECT s.*, 1 / (1 + exp(-least(30, greatest(-30,
      intercept + c_liquidity + c_equity + c_profitability + c_trend + c_size + c_age + c_history)))) AS probability
    FROM s
  ),
  n AS MATERIALIZED (
    SELECT p.cui, p.year::smallint AS year, p.caen_code, p.county_id, p.probability::real AS probability, b.band,
      (floor(least(0.10 * greatest(p.net_turnover, 0), 0.20 * greatest(p.total_capitals, 0))
        * CASE b.band WHEN 'A' THEN 1 WHEN 'B' THEN 0.75 WHEN 'C' THEN 0.5 WHEN 'D' THEN 0.25 ELSE 0 END / 100) * 100)::bigint AS credit_limit,
      p.liquidity::real AS liquidity, p.equity::real AS equity, p.profitability::real AS profitability, p.trend::real AS trend,
      p.size::real AS size, p.age::real AS age, p.history::real AS history,
      p.c_liquidity::real AS c_liquidity, p.c_equity::real AS c_equity, p.c_profitability::real AS c_profitability,
      p.c_trend::real AS c_trend, p.c_size::real AS c_size, p.c_age::real AS c_age, p.c_history::real AS c_history,
      CASE WHEN sb.turnover_total > 0 THEN (greatest(p.net_turnover, 0) / sb.turnover_total)::real END AS market_share
    FROM p
    CROSS JOIN LATERAL (SELECT CASE WHEN p.probability < 0.01 THEN 'A' WHEN p.probability < 0.03 THEN 'B'
      WHEN p.probability < 0.08 THEN 'C' WHEN p.probability < 0.20 THEN 'D' ELSE 'E' END AS band) b
    LEFT JOIN sector_benchmark sb ON sb.caen_code = p.caen_code AND sb.county_id = 0 AND sb.year = p.year
  ),
  d AS (
    DELETE FROM company_risk r WHERE NOT EXISTS (SELECT 1 FROM n WHERE n.cui = r.cui)
    RETURNING 1
  ),
  u AS (
    INSERT INTO company_risk AS r SELECT * FROM n
    ON CONFLICT (cui) DO UPDATE SET
      (year, caen_code, county_id, probability, band, credit_limit, liquidity, equity, profitability, trend, size, age, history,
       c_liquidity, c_equity, c_profitability, c_trend, c_size, c_age, c_history, market_share)
      = (EXCLUDED.year, EXCLUDED.caen_code, EXCLUDED.county_id, EXCLUDED.probability, EXCLUDED.band, EXCLUDED.credit_limit,
         EXCLUDED.liquidity, EXCLUDED.equity, EXCLUDED.profitability, EXCLUDED.trend, EXCLUDED.size, EXCLUDED.age, EXCLUDED.history,
         EXCLUDED.c_liquidity, EXCLUDED.c_equity, EXCLUDED.c_profitability, EXCLUDED.c_trend, EXCLUDED.c_size, EXCLUDED.c_age,
         EXCLUDED.c_history, EXCLUDED.market_share)
    WHERE (r.year, r.caen_code, r.county_id, r.probability, r.band, r.credit_limit, r.liquidity, r.equity, r.profitability, r.trend,
           r.size, r.age, r.history, r.c_liquidity, r.c_equity, r.c_profitability, r.c_trend, r.c_size, r.c_age, r.c_history, r.market_share)
      IS DISTINCT FROM
      (EXCLUDED.year, EXCLUDED.caen_code, EXCLUDED.county_id, EXCLUDED.probability, EXCLUDED.band, EXCLUDED.credit_limit,
       EXCLUDED.liquidity, EXCLUDED.equity, EXCLUDED.profitability, EXCLUDED.trend, EXCLUDED.size, EXCLUDED.age, EXCLUDED.history,
       EXCLUDED.c_liquidity, EXCLUDED.c_equity, EXCLUDED.c_profitability, EXCLUDED.c_trend, EXCLUDED.c_size, EXCLUDED.c_age,
       EXCLUDED.c_history, EXCLUDED.market_share)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM d) + (SELECT count(*) FROM u)
$$;

CREATE OR REPLACE FUNCTION rf_refresh_risk() RETURNS bigint
  LANGUAGE sql
  AS $$
  SELECT rf_refresh_sector_benchmarks() + rf_refresh_company_risk()
$$;

CREATE OR REPLACE FUNCTION rf_refresh_derived() RETURNS TABLE(step text, rows_written bigint, finished_at timestamptz)
  LANGUAGE sql
  AS $$
  SELECT 'start'::text, 0::bigint, clock_timestamp()
  UNION ALL SELECT 'collaborations', rf_refresh_collaborations(), clock_timestamp()
  UNION ALL SELECT 'company_facts_and_trends', rf_refresh_company_facts(), clock_timestamp()
  UNION ALL SELECT 'ranks', rf_refresh_ranks(), clock_timestamp()
  UNION ALL SELECT 'risk', rf_refresh_risk(), clock_timestamp()
  UNION ALL SELECT 'stats', rf_refresh_stats(), clock_timestamp()
$$;

-- The model fitted by `npm run bench -- risk` on the 20,000-company demo set (every observed year,
-- 2015–2023: 136,058 company-years, 8,776 defaults). A refit is adopted by a new migration.
INSERT INTO risk_model (fitted_on, observations, defaults, auc, intercept, b_liquidity, m_liquidity, b_equity, m_equity,
  b_profitability, m_profitability, b_trend, m_trend, b_size, m_size, b_age, m_age, b_history, m_history)
VALUES ('backtest 2026-11-29: 19429 firme din setul demonstrativ, anii 2015-2023', 136058, 8776, 0.633, -2.788181,
  -0.886358, 0.097897, -0.301599, 0.437625, -0.190176, 0.035637, 0.150607, 0.067079, 0.010736, 3.632105,
  0.563796, 2.439107, 0.119008, 0.903365);

-- The company pages show these tables: a change bumps the cached pages' version, as company_rank's
-- refresh does (docs/decisions/023-page-cache.md).
CREATE TRIGGER company_risk_touch_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_risk
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages();
CREATE TRIGGER sector_benchmark_touch_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sector_benchmark
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages();
CREATE TRIGGER risk_model_touch_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON risk_model
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages();
