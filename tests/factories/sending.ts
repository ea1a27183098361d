// Builders for the sending tests (and the crash test and benchmark scripts): a group with members,
// companies with contacts, and a draft over them, straight in the database.
import { sql } from '@/server/kernel/db';

const DESIGN_MJML = `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Bună ziua, {{NumeContact}} de la {{NumeFirma}} (CUI {{CUI}})!</mj-text>
  <mj-button href="https://exemplu.ro/oferta?a=1&amp;b=2">Vezi oferta</mj-button>
  <mj-text><a href="https://exemplu.ro/contact">Contact</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;

export const designContent = (mjml = DESIGN_MJML) => JSON.stringify({ format: 'grapesjs-mjml', version: 1, mjml, project: null });

export async function pickCompanies(n: number, offset = 0): Promise<{ cui: number; name: string }[]> {
  return sql<{ cui: number; name: string }>(`SELECT cui, name FROM company ORDER BY cui LIMIT $1 OFFSET $2`, [n, offset]);
}

export async function createGroup(ownerId: number, opts: { name?: string; members?: { userId: number; access?: 'View' | 'Edit' }[] } = {}): Promise<number> {
  const [g] = await sql<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [opts.name ?? `Grup ${Date.now()}`, ownerId]);
  await sql(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [g.id, ownerId]);
  for (const m of opts.members ?? []) {
    await sql(`INSERT INTO group_member (group_id, user_id, access) VALUES ($1, $2, $3)`, [g.id, m.userId, m.access ?? 'View']);
  }
  return g.id;
}

export async function addCompaniesToGroup(groupId: number, cuis: number[], addedById: number): Promise<void> {
  await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, unnest($2::int[]), $3 ON CONFLICT DO NOTHING`, [groupId, cuis, addedById]);
}

export async function addContact(cui: number, email: string, opts: { userId?: number; isPrivate?: boolean; name?: string } = {}): Promise<number> {
  const [c] = await sql<{ id: number }>(
    `INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
    [cui, opts.userId ?? null, opts.name ?? 'Ion Popescu', email, !!opts.isPrivate],
  );
  return c.id;
}

/** Bulk contacts: one public address per company (the crash test and the benchmark). */
export async function addContactsBulk(rows: { cui: number; email: string }[]): Promise<void> {
  await sql(
    `INSERT INTO contact (cui, name, email, updated_at) SELECT unnest($1::int[]), 'Contact', unnest($2::text[]), now()`,
    [rows.map((r) => r.cui), rows.map((r) => r.email)],
  );
}

export async function createDraft(ownerId: number, companies: { cui: number; groupId?: number | null }[], opts: { subject?: string; content?: string } = {}): Promise<number> {
  const [d] = await sql<{ id: number }>(
    `INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, $2, $3) RETURNING id`,
    [opts.subject ?? 'Ofertă pentru {{NumeFirma}}', opts.content ?? designContent(), ownerId],
  );
  await sql(
    `INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) SELECT $1, unnest($2::int[]), unnest($3::int[])`,
    [d.id, companies.map((c) => c.cui), companies.map((c) => c.groupId ?? null)],
  );
  return d.id;
}

export async function deleteContacts(emails: string[]): Promise<void> {
  await sql(`DELETE FROM contact WHERE lower(email) = ANY($1::text[])`, [emails.map((e) => e.toLowerCase())]);
  await sql(`DELETE FROM mail_suppression WHERE email = ANY($1::text[])`, [emails.map((e) => e.toLowerCase())]);
}

/** Test addresses `<local>.<id>@exemplu-test.ro`, remembered for the clean-up (deleteContacts). */
export function addressBook(id: string): { emails: string[]; addr: (local: string) => string } {
  const emails: string[] = [];
  return {
    emails,
    addr: (local) => {
      const e = `${local}.${id}@exemplu-test.ro`;
      emails.push(e);
      return e;
    },
  };
}
