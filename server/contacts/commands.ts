// Contact and social-media writes. Each write refreshes the company's HasEmail / HasPhone search
// flags in the same transaction, so the search, the company page and the counts agree with the
// contacts at once (no re-import needed).
import 'server-only';
import type { Contact, SocialMediaEntry } from '@/lib/contacts/schemas';
import type { ContactDto, SocialMediaDto } from '@/lib/contacts/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { forbidden } from '../kernel/errors';
import { assertCompanyExists } from '../company/queries';
import { isApprovedClaimant } from '../claims/queries';
import type { Prisma } from '../generated/prisma/client';
import { CONTACT_SELECT, toContactDto, toSocialMediaList } from './dto';
import { canEditContact, canEditPublicData, contactNotFound, contactAuditValue, isOwnContact, privacyOnSave } from './policy';
import { CONTACT_FLAGS_SQL, findContactForEdit } from './queries';
import { recordIfAdmin } from '../privacy/audit';

type Tx = Prisma.TransactionClient;

/**
 * Recomputes the company's HasEmail / HasPhone from its public contacts (only when they change).
 * Call it inside the write's transaction. No cached page shows these search flags and the contact
 * row's own trigger already bumps the company's page: the statement is marked (transaction-local
 * rf.page_touch, migration 20261125500000) so the company table's register-wide page bump skips it.
 */
export async function refreshContactFlags(db: Pick<Tx, '$executeRawUnsafe'>, cui: number): Promise<void> {
  await db.$executeRawUnsafe(`SELECT set_config('rf.page_touch', 'contact-flags', true)`);
  await db.$executeRawUnsafe(
    `UPDATE company c SET has_email = f.has_email, has_phone = f.has_phone
       FROM (${CONTACT_FLAGS_SQL}) f
      WHERE c.cui = $1 AND (c.has_email, c.has_phone) IS DISTINCT FROM (f.has_email, f.has_phone)`,
    cui,
  );
  await db.$executeRawUnsafe(`SELECT set_config('rf.page_touch', '', true)`);
}

const blank = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

function contactData(row: Contact) {
  return { name: blank(row.Name), role: blank(row.Role), phone: blank(row.Phone), email: blank(row.Email) };
}

type Mode = 'own' | 'public';

/**
 * Saves the modal's rows: Id 0 adds, an Id updates. `own` (addOrUpdateUnverifiedContacts): the
 * caller's own contacts, added as theirs. `public` (addOrUpdate): the rows the caller may edit
 * (Admin any, the approved claimant the unowned ones and their own); new rows are public
 * (unowned) contacts. A row the caller may not edit answers 404 like a missing one, and nothing
 * of the list is saved.
 */
export async function saveContacts(actor: Actor, cui: number, rows: Contact[], mode: Mode): Promise<ContactDto[]> {
  await assertCompanyExists(cui);
  const claimant = mode === 'public' ? await isApprovedClaimant(actor, cui) : false;
  if (mode === 'public' && !canEditPublicData(actor, claimant)) throw forbidden();
  const saved = await prisma.$transaction(async (tx) => {
    const out = [];
    for (const row of rows) {
      const data = contactData(row);
      if (!row.Id) {
        const created = await tx.contact.create({
          data: { cui, ...data, ...privacyOnSave(actor, mode, row.Private, null), userId: mode === 'own' ? actor.userId : null },
          select: CONTACT_SELECT,
        });
        out.push(created);
        if (mode === 'public') await recordIfAdmin(tx, actor, { action: 'contact.save', targetType: 'contact', targetId: created.id, before: null, after: contactAuditValue(created) });
        continue;
      }
      const existing = await findContactForEdit(tx, row.Id, cui);
      const allowed =
        existing != null &&
        (mode === 'own' ? existing.userId === actor.userId && !existing.isDeleted : canEditContact(actor, existing, claimant));
      if (!existing || !allowed) throw contactNotFound();
      const updated = await tx.contact.update({
        where: { id: row.Id },
        data: { ...data, ...privacyOnSave(actor, mode, row.Private, existing) },
        select: CONTACT_SELECT,
      });
      out.push(updated);
      if (mode === 'public') await recordIfAdmin(tx, actor, { action: 'contact.save', targetType: 'contact', targetId: row.Id, before: contactAuditValue(existing), after: contactAuditValue(updated) });
    }
    await refreshContactFlags(tx, cui);
    return out;
  });
  return saved.map((r) => toContactDto(actor, r));
}

/** POST /api/Contact/add/: one contact of the caller's own. */
export async function addOwnContact(actor: Actor, row: Contact & { CompanyId: number }): Promise<ContactDto> {
  const [saved] = await saveContacts(actor, row.CompanyId, [{ ...row, Id: 0 }], 'own');
  return saved;
}

/**
 * Soft delete. `ownOnly` (deleteUserContact): the caller's own contact; otherwise any contact the
 * caller may edit (DELETE /api/Contact/{id}). Another user's contact answers 404 like a missing one.
 */
export async function deleteContact(actor: Actor, id: number, ownOnly: boolean): Promise<void> {
  const existing = await findContactForEdit(prisma, id);
  if (!existing || existing.isDeleted) throw contactNotFound();
  const claimant = ownOnly || existing.userId !== null ? false : await isApprovedClaimant(actor, existing.cui);
  const allowed = ownOnly ? existing.userId === actor.userId : canEditContact(actor, existing, claimant);
  if (!allowed) throw contactNotFound();
  await prisma.$transaction(async (tx) => {
    await tx.contact.update({ where: { id }, data: { isDeleted: true }, select: { id: true } });
    if (!isOwnContact(actor, existing)) await recordIfAdmin(tx, actor, { action: 'contact.delete', targetType: 'contact', targetId: id, before: contactAuditValue(existing), after: null });
    await refreshContactFlags(tx, existing.cui);
  });
}

/**
 * POST /api/SocialMedia/addOrUpdate/ (Admin or the approved claimant). The client sends only the
 * filled links, so the list is the company's whole set: a platform left out loses its link.
 */
export async function saveSocialMedia(actor: Actor, cui: number, entries: SocialMediaEntry[]): Promise<SocialMediaDto[]> {
  await assertCompanyExists(cui);
  const claimant = await isApprovedClaimant(actor, cui);
  if (!canEditPublicData(actor, claimant)) throw forbidden();
  const filled = new Map<string, string>();
  for (const e of entries) {
    const url = (e.Url ?? '').trim();
    if (url !== '') filled.set(e.Platform, url);
  }
  const rows = await prisma.$transaction(async (tx) => {
    await tx.socialMedia.deleteMany({ where: { cui, platform: { notIn: [...filled.keys()] } } });
    for (const [platform, url] of filled) {
      await tx.socialMedia.upsert({
        where: { cui_platform: { cui, platform } },
        create: { cui, platform, url },
        update: { url },
        select: { id: true },
      });
    }
    return tx.socialMedia.findMany({ where: { cui }, select: { id: true, platform: true, url: true } });
  });
  return toSocialMediaList(rows);
}
