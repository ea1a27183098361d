// What each export holds (issue 27; docs/decisions/055): a search's results, a group's companies,
// the contacts of the user's groups, a sending's per-recipient results. Each applies its domain's
// rule through that domain's policy module: the groups' visibility, the contacts' privacy (never
// another user's private contact), the sendings' visibility and address masking.
import 'server-only';
import { DEFAULT_ORDER_BY, type SearchFilter } from '@/lib/filters';
import { STATUS_LABELS, type MailStatus, type TemplateResults } from '@/lib/sending/types';
import { RESULT_ROWS } from '@/lib/sending/results';
import { ownValue } from '@/lib/shared/own-key';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { notFound } from '../kernel/errors';
import { contactHoldingSql, visibleContactsSql } from '../contacts/policy';
import { assertCanReadGroup, liveCompanyGroupSql, visibleGroupIdsSql } from '../groups/policy';
import { notInCrmSql } from '../crm/policy';
import { SENDING_EXPORT_HEAD_SQL, SENDING_EXPORT_ROWS_SQL } from '../sending/queries';
import { getTemplateResults } from '../sending/results';
import { COMPANY_CAEN_REVISION, Params, buildWhere } from '../search/conditions';
import { idBatches, keysetBatches } from './batches';
import type { ExportColumn, ExportSheet } from './sheet';

type CompanyRow = {
  cui: number;
  name: string;
  registration_code: string | null;
  caen_code: string | null;
  caen_name: string | null;
  county: string | null;
  locality: string | null;
  full_address: string | null;
  establishment_date: Date | null;
  status: string | null;
  employees: number;
  turnover: number;
  profit: number;
  last_year: number | null;
};

/** The company columns of every company export, for `company c` (joins in COMPANY_JOINS). */
const COMPANY_SELECT = `c.cui, c.name, c.registration_code, c.caen_code, k.name AS caen_name, co.name AS county, l.name AS locality,
  c.full_address, c.establishment_date, st.name AS status, c.employees, c.turnover, c.profit, c.last_year`;
const COMPANY_JOINS = `LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
  LEFT JOIN county co ON co.id = c.county_id
  LEFT JOIN locality l ON l.id = c.locality_id
  LEFT JOIN company_status st ON st.code = c.status_code`;

const COMPANY_COLUMNS: ExportColumn<CompanyRow>[] = [
  { header: 'CUI', kind: 'int', width: 12, value: (r) => r.cui },
  { header: 'Denumire', kind: 'text', width: 40, value: (r) => r.name },
  { header: 'Nr. înregistrare', kind: 'text', width: 18, value: (r) => r.registration_code },
  { header: 'Cod CAEN', kind: 'text', width: 10, value: (r) => r.caen_code },
  { header: 'Activitate principală', kind: 'text', width: 40, value: (r) => r.caen_name },
  { header: 'Județ', kind: 'text', width: 16, value: (r) => r.county },
  { header: 'Localitate', kind: 'text', width: 20, value: (r) => r.locality },
  { header: 'Adresă', kind: 'text', width: 50, value: (r) => r.full_address },
  { header: 'Data înființării', kind: 'date', width: 14, value: (r) => r.establishment_date },
  { header: 'Stare', kind: 'text', width: 20, value: (r) => r.status },
  { header: 'Număr mediu de angajați', kind: 'int', width: 12, value: (r) => r.employees },
  { header: 'Cifra de afaceri netă', kind: 'money', width: 20, value: (r) => r.turnover },
  { header: 'Profit net', kind: 'money', width: 18, value: (r) => r.profit },
  { header: 'Anul bilanțului', kind: 'int', width: 10, value: (r) => r.last_year },
];

const SORT_COLUMN = { Profit_desc: 'profit', Turnover_desc: 'turnover' } as const;

/**
 * A search's results in the search's own order (sort key, then CUI, both descending); without the
 * companies the CRMs of `outsideCrmOf` hold when it is given (decision 109).
 */
export function searchSheet(filter: Partial<SearchFilter>, limit: number, outsideCrmOf: Actor | null = null): ExportSheet<CompanyRow & { s: number }> {
  const sort = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter);
  const batches = keysetBatches<CompanyRow & { s: number }, { s: number; cui: number } | null>(
    limit,
    null,
    (after, n) => {
      const p = new Params(built.params.values);
      const where = [built.where.replace(/^WHERE /, '')].filter(Boolean);
      if (after) where.push(`(c.${sort}, c.cui) < (${p.add(after.s)}, ${p.add(after.cui)})`);
      if (outsideCrmOf) where.push(notInCrmSql('c.cui', p.add(outsideCrmOf.userId)));
      return sql<CompanyRow & { s: number }>(
        `SELECT ${COMPANY_SELECT}, c.${sort} AS s FROM company c ${COMPANY_JOINS}
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${p.add(n)}`,
        p.values,
      );
    },
    (r) => ({ s: r.s, cui: r.cui }),
  );
  return { sheetName: 'Firme', columns: COMPANY_COLUMNS, batches };
}

type GroupCompanyRow = CompanyRow & { id: number; added_at: Date };

/**
 * The live companies of a group the actor sees (404 otherwise), in the order they were added;
 * without those the actor's CRMs hold when `outsideCrm` (decision 109).
 */
export async function groupSheet(actor: Actor, groupId: number, limit: number, outsideCrm = false): Promise<{ sheet: ExportSheet<GroupCompanyRow>; groupName: string }> {
  const m = await assertCanReadGroup(actor, groupId);
  const crm = outsideCrm ? `AND ${notInCrmSql('c.cui', '$4')}` : '';
  const batches = idBatches<GroupCompanyRow>(limit, (after, n) =>
      sql<GroupCompanyRow>(
        `SELECT cg.id, cg.created_at AS added_at, ${COMPANY_SELECT}
           FROM company_in_group cg JOIN company c ON c.cui = cg.cui ${COMPANY_JOINS}
          WHERE cg.group_id = $1 AND ${liveCompanyGroupSql('cg')} AND cg.id > $2 ${crm}
          ORDER BY cg.id LIMIT $3`,
        outsideCrm ? [groupId, after, n, actor.userId] : [groupId, after, n],
      ),
  );
  const columns: ExportColumn<GroupCompanyRow>[] = [...COMPANY_COLUMNS, { header: 'Adăugată în grup', kind: 'date', width: 16, value: (r) => r.added_at }];
  return { sheet: { sheetName: 'Firme', columns, batches }, groupName: m.groupName };
}

type ContactRow = { id: number; cui: number; company: string; name: string | null; role: string | null; phone: string | null; email: string | null; holding: 'private' | 'own' | 'public' };
const HOLDING_LABEL = { private: 'Privat (al meu)', own: 'Public (al meu)', public: 'Public' } as const;

/**
 * The contacts the user may see (public ones, and their own private ones: VISIBLE_CONTACT_SQL) of
 * the companies of one group, or of every group the user sees plus the user's own contacts.
 */
export async function contactsSheet(actor: Actor, groupId: number | undefined, limit: number): Promise<{ sheet: ExportSheet<ContactRow>; what: string }> {
  const what = groupId ? `contacte-grup-${(await assertCanReadGroup(actor, groupId)).groupName}` : 'contacte';
  const scope = groupId
    ? `k.cui IN (SELECT cg.cui FROM company_in_group cg WHERE cg.group_id = $2 AND ${liveCompanyGroupSql('cg')})`
    : `$2::int IS NULL AND (k.user_id = $1 OR k.cui IN (SELECT cg.cui FROM company_in_group cg WHERE ${liveCompanyGroupSql('cg')} AND cg.group_id IN ${visibleGroupIdsSql('$1')}))`;
  const batches = idBatches<ContactRow>(limit, (after, n) =>
      sql<ContactRow>(
        `SELECT k.id, c.cui, c.name AS company, k.name, k.role, k.phone, k.email, ${contactHoldingSql('$1')} AS holding
           FROM ${visibleContactsSql('$1')} k JOIN company c ON c.cui = k.cui
          WHERE ${scope} AND k.id > $3
          ORDER BY k.id LIMIT $4`,
        [actor.userId, groupId ?? null, after, n],
      ),
  );
  const columns: ExportColumn<ContactRow>[] = [
    { header: 'CUI', kind: 'int', width: 12, value: (r) => r.cui },
    { header: 'Firmă', kind: 'text', width: 40, value: (r) => r.company },
    { header: 'Nume', kind: 'text', width: 28, value: (r) => r.name },
    { header: 'Funcție', kind: 'text', width: 22, value: (r) => r.role },
    { header: 'Telefon', kind: 'text', width: 16, value: (r) => r.phone },
    { header: 'Email', kind: 'text', width: 30, value: (r) => r.email },
    { header: 'Tip', kind: 'text', width: 18, value: (r) => HOLDING_LABEL[r.holding] },
  ];
  return { sheet: { sheetName: 'Contacte', columns, batches }, what };
}

type RecipientRow = {
  id: number;
  cui: number;
  company: string;
  group_name: string | null;
  email: string;
  status: MailStatus;
  sent_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
  bounced_at: Date | null;
  suppressed_for: 'Bounce' | 'Complaint' | 'Unsubscribe' | null;
  last_error: string | null;
};

/** Why an address is on the suppression list because of this message (issue 28). */
const SUPPRESSION_LABEL = { Bounce: 'Respins', Complaint: 'Raportat ca spam', Unsubscribe: 'Dezabonat' } as const;

/** A sent campaign's messages the reader may see (decision 022), other authors' private addresses masked. */
export async function sendingSheet(actor: Actor, groupedMailId: number, limit: number): Promise<{ sheet: ExportSheet<RecipientRow>; subject: string }> {
  const [head] = await sql<{ name: string }>(SENDING_EXPORT_HEAD_SQL, [actor.userId, groupedMailId]);
  if (!head) throw notFound('Trimiterea nu a fost găsită.');
  const batches = idBatches<RecipientRow>(limit, (after, n) =>
      sql<RecipientRow>(SENDING_EXPORT_ROWS_SQL, [actor.userId, groupedMailId, after, n]),
  );
  const columns: ExportColumn<RecipientRow>[] = [
    { header: 'CUI', kind: 'int', width: 12, value: (r) => r.cui },
    { header: 'Firmă', kind: 'text', width: 40, value: (r) => r.company },
    { header: 'Grup', kind: 'text', width: 24, value: (r) => r.group_name },
    { header: 'Email', kind: 'text', width: 30, value: (r) => r.email },
    { header: 'Stare', kind: 'text', width: 16, value: (r) => STATUS_LABELS[r.status] ?? r.status },
    { header: 'Trimis la', kind: 'date', width: 14, value: (r) => r.sent_at },
    { header: 'Deschis la', kind: 'date', width: 14, value: (r) => r.opened_at },
    { header: 'Click la', kind: 'date', width: 14, value: (r) => r.clicked_at },
    { header: 'Respins la', kind: 'date', width: 14, value: (r) => r.bounced_at },
    { header: 'Exclus din trimiteri', kind: 'text', width: 20, value: (r) => (r.suppressed_for ? SUPPRESSION_LABEL[r.suppressed_for] : null) },
    { header: 'Eroare', kind: 'text', width: 40, value: (r) => (r.status === 'Esuat' ? r.last_error : null) },
  ];
  return { sheet: { sheetName: 'Destinatari', columns, batches }, subject: head.name };
}

type TemplateSendingRow = TemplateResults['Sendings'][number];

/**
 * The rates of one template across the sendings the caller sees (the results view's own rule and
 * figures, getTemplateResults: 404 for a template that is neither theirs nor seen in a sending),
 * one row per sending and a last row with their total.
 */
export async function templateResultsSheet(actor: Actor, templateId: number): Promise<{ sheet: ExportSheet<TemplateSendingRow>; templateName: string }> {
  const results = await getTemplateResults(actor, templateId);
  const rows: TemplateSendingRow[] = [...results.Sendings, { GroupedMailId: 0, Name: 'Total', SendOn: null, Counts: results.Counts, Rates: results.Rates }];
  const columns: ExportColumn<TemplateSendingRow>[] = [
    { header: 'Trimitere', kind: 'text', width: 40, value: (r) => r.Name },
    { header: 'Data trimiterii', kind: 'date', width: 14, value: (r) => (r.SendOn ? new Date(r.SendOn) : null) },
    ...RESULT_ROWS.map((k): ExportColumn<TemplateSendingRow> => ({ header: k.label, kind: 'int', width: 12, value: (r) => r.Counts[k.key] })),
    ...RESULT_ROWS.filter((k) => k.rate).map((k): ExportColumn<TemplateSendingRow> => ({ header: `${k.label} (%)`, kind: 'percent', width: 12, value: (r) => r.Rates[k.rate!] })),
  ];
  return { sheet: { sheetName: 'Rate template', columns, batches: oneBatch(rows) }, templateName: results.Name };
}

async function* oneBatch<R>(rows: R[]): AsyncGenerator<R[]> {
  yield rows;
}
