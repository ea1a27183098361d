// Public contacts of a company (001 §7 GET /api/Contact/getContactsByCompany, for anonymous
// visitors): the verified ones (no owner) that are neither private nor deleted. The signed-in,
// per-user contact endpoints belong to the accounts issue.
import { sql } from '../db';
import type { PublicContact } from '@/components/company-details/types';
import { assertCompanyExists } from '../company/queries';

export async function getPublicContacts(cui: number): Promise<PublicContact[]> {
  await assertCompanyExists(cui);
  const rows = await sql<{ id: number; cui: number; name: string | null; role: string | null; phone: string | null; email: string | null }>(
    `SELECT id, cui, name, role, phone, email FROM contact
      WHERE cui = $1 AND user_id IS NULL AND NOT is_private AND NOT is_deleted
      ORDER BY id`,
    [cui],
  );
  return rows.map((r) => ({
    Id: r.id,
    CompanyId: r.cui,
    Name: r.name,
    Role: r.role,
    Phone: r.phone,
    PhoneNumber: r.phone,
    Email: r.email,
    Private: false,
  }));
}
