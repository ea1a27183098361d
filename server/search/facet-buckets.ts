// Columns the search engine derives from each company to count the filter options fast (decision
// 026): the preset ranges of the panel cut employees, turnover and profit into elementary buckets
// (a preset is then a run of buckets, so one GROUP BY on a tiny integer counts every preset); the
// five flags packed into one small integer; the CAEN code as a number. Pure: shared by the engine's
// load, its incremental updates and the facet statements.
import 'server-only';
import { EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES, type PresetRange } from '@/lib/filters';

/** The cut points of a set of presets: every minimum and every maximum + 1, sorted. */
function cutPoints(presets: ReadonlyArray<Pick<PresetRange, 'min' | 'max'>>): number[] {
  return Array.from(new Set(presets.flatMap((p) => [p.min, p.max + 1]))).sort((a, b) => a - b);
}

export const EMPLOYEE_POINTS = cutPoints(EMPLOYEE_PRESET_RANGES);
export const MONEY_POINTS = cutPoints(MONEY_PRESET_RANGES);

/** The bucket of a value: how many cut points are ≤ it (0 = below the first). */
export function bucketOf(value: number, points: readonly number[]): number {
  let b = 0;
  for (const p of points) if (value >= p) b++;
  return b;
}

/** SQL of bucketOf on a column. */
function bucketSql(column: string, points: readonly number[]): string {
  return `(${points.map((p) => `(${column} >= ${p})::UTINYINT`).join(' + ')})::UTINYINT`;
}

/** The buckets [from, to) that make up a preset range exactly. */
export function presetBuckets(p: Pick<PresetRange, 'min' | 'max'>, points: readonly number[]): [number, number] {
  return [bucketOf(p.min, points), bucketOf(p.max + 1, points)];
}

/** Bits of the packed flags column. */
export const FLAG_BITS = { has_email: 1, has_phone: 2, has_insolvency_risk: 4, has_tenders: 8, has_eu_projects: 16 } as const;

/** The derived columns of the engine's table, as SQL over its base columns. */
export const DERIVED_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  // only exact 4-digit codes, so that caen_id = n means exactly caen_code = lpad(n, 4, '0')
  ['caen_id', `CASE WHEN regexp_full_match(caen_code, '[0-9]{4}') THEN caen_code::SMALLINT END`],
  ['emp_b', bucketSql('employees', EMPLOYEE_POINTS)],
  ['turn_b', bucketSql('turnover', MONEY_POINTS)],
  ['prof_b', bucketSql('profit', MONEY_POINTS)],
  ['flags', `(${Object.entries(FLAG_BITS).map(([c, bit]) => `coalesce(${c}, false)::UTINYINT * ${bit}`).join(' + ')})::UTINYINT`],
];

/**
 * The engine's word tables of a company table: every distinct space-separated word of the names
 * with an id, and one row per (word, company), ordered by word (conditions.ts nameHasWord).
 */
export function wordTablesSql(company: string, suffix = ''): string[] {
  return [
    `CREATE OR REPLACE TABLE token_dict${suffix} AS
       SELECT row_number() OVER (ORDER BY token)::INTEGER AS id, token
         FROM (SELECT DISTINCT unnest(string_split(name_norm, ' ')) AS token FROM ${company}) t`,
    `CREATE OR REPLACE TABLE name_token${suffix} AS
       SELECT d.id, s.cui FROM (SELECT cui, unnest(string_split(name_norm, ' ')) AS token FROM ${company}) s
         JOIN token_dict${suffix} d USING (token) ORDER BY d.id`,
  ];
}
