import 'server-only';
import type { CreateDraftInput, EditDraftInput } from '@/lib/drafts/schemas';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { AppError, notFound } from '../kernel/errors';
import { GROUP_NOT_FOUND } from '../groups/policy';
import { assertSafeDesign } from '../templates/commands';
import { ownTemplateWhere, TEMPLATE_NOT_FOUND } from '../templates/policy';
import { DRAFT_COMPANY_NOT_FOUND, DRAFT_NOT_FOUND, ownDraftWhere } from './policy';
import { companiesOfGroups, existingCompanies, visibleGroupIds } from './recipients';

const COMPANY_NOT_FOUND = 'Firma nu a fost găsită.';
const TOO_MANY = `Un draft poate avea cel mult ${DRAFT_LIMITS.companiesMax} de firme.`;

/**
 * The recipient rows for these companies and groups, checked: every group must be one the actor
 * sees (else 404, as for a missing group) and every company must exist (else 400). Companies named
 * directly come first, without a group; a company reached through several groups keeps the first.
 */
async function recipientRows(actor: Actor, companyIds: number[], groupIds: number[]): Promise<Array<{ cui: number; groupId: number | null }>> {
  const groups = await visibleGroupIds(actor, groupIds);
  if (groups.length !== groupIds.length) throw notFound(GROUP_NOT_FOUND);
  const companies = await existingCompanies(companyIds);
  if (companies.length !== companyIds.length) {
    throw new AppError('VALIDATION', COMPANY_NOT_FOUND, { CompanyIds: [COMPANY_NOT_FOUND] });
  }
  const rows: Array<{ cui: number; groupId: number | null }> = companyIds.map((cui) => ({ cui, groupId: null }));
  const left = DRAFT_LIMITS.companiesMax - rows.length;
  const fromGroups = await companiesOfGroups(groupIds, companyIds, left);
  // More companies than a draft may hold: refused before anything is read further or written.
  if (fromGroups.length > left) throw new AppError('VALIDATION', TOO_MANY, { CompanyIds: [TOO_MANY] });
  return [...rows, ...fromGroups];
}

async function addRecipients(tx: Prisma.TransactionClient, draftId: number, rows: Array<{ cui: number; groupId: number | null }>): Promise<void> {
  if (!rows.length) return;
  await tx.groupedMailCompany.createMany({
    data: rows.map((r) => ({ groupedMailId: draftId, cui: r.cui, groupId: r.groupId })),
    skipDuplicates: true,
  });
  const total = await tx.groupedMailCompany.count({ where: { groupedMailId: draftId } });
  if (total > DRAFT_LIMITS.companiesMax) throw new AppError('VALIDATION', TOO_MANY, { CompanyIds: [TOO_MANY] });
}

/**
 * POST createDraftMail: a draft from one of the actor's templates (its title becomes the subject,
 * its description and design are copied), with the given companies and groups as recipients.
 * Answers the draft id.
 */
export async function createDraft(actor: Actor, input: CreateDraftInput): Promise<number> {
  const template = await prisma.mailTemplate.findFirst({
    where: { id: input.MailTemplateId, ...ownTemplateWhere(actor) },
    select: { id: true, name: true, description: true, content: true },
  });
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  const rows = await recipientRows(actor, input.CompanyIds, input.GroupIds);
  return prisma.$transaction(async (tx) => {
    const draft = await tx.groupedMail.create({
      data: {
        templateId: template.id,
        name: template.name,
        description: template.description,
        content: template.content,
        createdById: actor.userId,
      },
      select: { id: true },
    });
    await addRecipients(tx, draft.id, rows);
    return draft.id;
  });
}

/** PUT editDraft: subject, description and design when given; companies and groups added. */
export async function editDraft(actor: Actor, input: EditDraftInput): Promise<void> {
  if (input.Content != null) assertSafeDesign(input.Content);
  const owned = await prisma.groupedMail.findFirst({ where: { id: input.Id, ...ownDraftWhere(actor) }, select: { id: true } });
  if (!owned) throw notFound(DRAFT_NOT_FOUND);
  const rows = await recipientRows(actor, input.CompanyIds, input.GroupIds);
  const data: Prisma.GroupedMailUpdateManyMutationInput = {};
  if (input.Name !== undefined) data.name = input.Name;
  if (input.Description !== undefined) data.description = input.Description || null;
  if (input.Content != null) data.content = input.Content;
  await prisma.$transaction(async (tx) => {
    // Re-checked inside the transaction: a draft sent or deleted meanwhile is not changed.
    const res = await tx.groupedMail.updateMany({ where: { id: owned.id, ...ownDraftWhere(actor) }, data });
    if (res.count === 0) throw notFound(DRAFT_NOT_FOUND);
    await addRecipients(tx, owned.id, rows);
  });
}

/** DELETE deleteMailSend?id: one company leaves one of the actor's drafts. */
export async function deleteDraftCompany(actor: Actor, id: number): Promise<void> {
  const res = await prisma.groupedMailCompany.deleteMany({ where: { id, groupedMail: ownDraftWhere(actor) } });
  if (res.count === 0) throw notFound(DRAFT_COMPANY_NOT_FOUND);
}

/** DELETE delete?id: the draft is hidden (soft delete), its rows stay for the record. */
export async function deleteDraft(actor: Actor, id: number): Promise<void> {
  const res = await prisma.groupedMail.updateMany({ where: { id, ...ownDraftWhere(actor) }, data: { isDeleted: true } });
  if (res.count === 0) throw notFound(DRAFT_NOT_FOUND);
}
