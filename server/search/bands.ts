// Money bands: a range on turnover sorted by profit (or the reverse) is anti-correlated with the
// sort (small turnovers have small profits, so a walk down the profit index meets them last and
// reads most of it: 290 ms at 1M). Cutting the range into bands and walking the expression index
// (rf_money_band(turnover), profit DESC, cui DESC) per band, then merging the few rows, keeps
// every branch dense. Must agree with rf_money_band() in migration 20261121000200_search.

/** Lower bound of bands 1, 2, …: band k holds [LOWER[k-1], LOWER[k] - 1]; the last is open. */
import 'server-only';
export const MONEY_BAND_LOWER = [1, 100_000, 500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000, 50_000_000, 250_000_000] as const;
const LAST_BAND = MONEY_BAND_LOWER.length;
/** Only for coverage estimates of the open-ended bands. */
const EDGE = 1e13;

/** -1 for negatives, 0 for zero, then 1..LAST_BAND. */
export function moneyBand(value: number): number {
  if (value < 0) return -1;
  if (value === 0) return 0;
  let band = 0;
  for (const lower of MONEY_BAND_LOWER) if (value >= lower) band++;
  return band;
}

/** Inclusive value range of a band (infinite ends for the open bands). */
function bandRange(band: number): [number, number] {
  if (band === -1) return [-Infinity, -1];
  if (band === 0) return [0, 0];
  const lo = MONEY_BAND_LOWER[band - 1];
  const next = MONEY_BAND_LOWER[band];
  return [lo, next === undefined ? Infinity : next - 1];
}

type BandBranch = {
  band: number;
  /** the range covers the whole band: its index walk needs no extra condition */
  full: boolean;
  /** share of the band (log scale) the range covers, 0..1 */
  coverage: number;
  /** the part of the range inside the band */
  lo: number;
  hi: number;
};

const logOf = (v: number) => Math.sign(v) * Math.log10(1 + Math.min(Math.abs(v), EDGE));

/** The bands a range [min, max] (null = open) touches, with how much of each it covers. */
export function bandsFor(min: number | null, max: number | null): BandBranch[] {
  const lo = min ?? -Infinity;
  const hi = max ?? Infinity;
  if (lo > hi) return [];
  const out: BandBranch[] = [];
  for (let band = moneyBand(lo === -Infinity ? -1 : lo); band <= (hi === Infinity ? LAST_BAND : moneyBand(hi)); band++) {
    const [bl, bh] = bandRange(band);
    const a = Math.max(lo, bl);
    const b = Math.min(hi, bh);
    if (a > b) continue;
    const full = a === bl && b === bh;
    const width = logOf(bh) - logOf(bl);
    const coverage = full ? 1 : width === 0 ? 1 : Math.max(0, (logOf(b) - logOf(a)) / width);
    out.push({ band, full, coverage, lo: a, hi: b });
  }
  return out;
}

/** SQL body of rf_money_band, generated from MONEY_BAND_LOWER (kept in the migration verbatim). */
export function moneyBandSqlCase(arg = 'v'): string {
  const steps = [...MONEY_BAND_LOWER]
    .map((lower, i) => ({ lower, band: i + 1 }))
    .reverse()
    .map(({ lower, band }) => `WHEN ${arg} >= ${lower} THEN ${band}`)
    .join(' ');
  return `CASE ${steps} WHEN ${arg} = 0 THEN 0 ELSE -1 END`;
}
