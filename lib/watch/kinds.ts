// What can change on a company and how a follower hears of it (docs/decisions/053, 054): the kinds
// of change facts the importers record, their Romanian names, the channels a user picks per kind
// and the defaults when they picked nothing.
import { formatNumber } from '../format';

export const CHANGE_KINDS = [
  'status',
  'name',
  'address',
  'caen',
  'financial_year',
  'turnover',
  'profit',
  'employees',
  'insolvency',
  'tender_won',
  'eu_project',
  'vat',
  'inactive',
  'efactura',
  'arrears',
  'court_case',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  status: 'Starea firmei (ONRC)',
  name: 'Denumirea',
  address: 'Adresa sau județul',
  caen: 'Activitatea principală (CAEN)',
  financial_year: 'Situații financiare noi',
  turnover: 'Cifra de afaceri (praguri)',
  profit: 'Profitul (praguri)',
  employees: 'Numărul de angajați (praguri)',
  insolvency: 'Riscul de insolvență',
  tender_won: 'Licitație câștigată (SICAP)',
  eu_project: 'Proiect nou cu fonduri UE',
  vat: 'Înregistrarea în scopuri de TVA (ANAF)',
  inactive: 'Contribuabil inactiv (ANAF)',
  efactura: 'Registrul RO e-Factura (ANAF)',
  arrears: 'Obligații fiscale restante (lista ANAF)',
  court_case: 'Dosar nou în instanță',
};

export const CHANNELS = ['off', 'feed', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { off: 'Oprit', feed: 'Doar în aplicație', email: 'În aplicație și pe e-mail' };
/** A kind the user never set: in the feed and by e-mail (following is an explicit request to hear). */
export const DEFAULT_CHANNEL: Channel = 'email';

export const EMAIL_MODES = ['immediate', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = { immediate: 'Imediat, câte un e-mail', digest: 'Un rezumat zilnic' };
export const DEFAULT_EMAIL_MODE: EmailMode = 'digest';
export const DEFAULT_DIGEST_HOUR = 8;
/** Digest hours are read on this clock. */
export const DIGEST_TIME_ZONE = 'Europe/Bucharest';

export const SOURCE_LABELS: Record<string, string> = {
  onrc: 'ONRC',
  mf: 'Ministerul Finanțelor',
  sicap: 'SICAP',
  eu: 'Fonduri UE',
  anaf: 'ANAF',
  instante: 'Portalul instanțelor',
};

const MONEY_KINDS: ReadonlySet<ChangeKind> = new Set(['turnover', 'profit']);

/** A stored value as the pages show it (amounts in RON with thousands separators). */
export function formatChangeValue(kind: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (MONEY_KINDS.has(kind as ChangeKind) || kind === 'employees') {
    const n = Number(value);
    if (Number.isFinite(n)) return MONEY_KINDS.has(kind as ChangeKind) ? `${formatNumber(n, 0)} lei` : formatNumber(n, 0);
  }
  return value;
}

/** One line that says what changed ("Denumirea: VECHI SRL → NOU SRL"). */
export function describeChange(c: { Kind: string; OldValue: string | null; NewValue: string | null }): string {
  const label = CHANGE_KIND_LABELS[c.Kind as ChangeKind] ?? c.Kind;
  if (c.Kind === 'financial_year') return `Situații financiare pentru anul ${c.NewValue}`;
  if (c.Kind === 'tender_won' || c.Kind === 'eu_project') return `${label}: ${c.NewValue ?? ''}`;
  if (c.OldValue === null) return `${label}: ${formatChangeValue(c.Kind, c.NewValue)}`;
  return `${label}: ${formatChangeValue(c.Kind, c.OldValue)} → ${formatChangeValue(c.Kind, c.NewValue)}`;
}
