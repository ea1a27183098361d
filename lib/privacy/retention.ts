// Retention of campaign tracking (docs/decisions/060): the sentence the public pages and the
// campaign footer show, from the configured period (TRACKING_RETENTION_MONTHS, default 12).
export const retentionText = (months: number) =>
  `Deschiderile și clicurile fiecărui destinatar al unei campanii se păstrează ${months} ${months === 1 ? 'lună' : 'luni'}; după aceea rămân doar totalurile pe zi, fără persoane.`;
