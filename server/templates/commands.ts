import 'server-only';
import { checkDesign } from '@/lib/templates/design';
import type { Template } from '@/lib/templates/schemas';
import type { MailTemplateSaved } from '@/lib/templates/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { AppError, notFound } from '../kernel/errors';
import { tagsSelect, toSaved } from './dto';
import { ownTemplateWhere, restorableTemplateWhere, TEMPLATE_NOT_FOUND } from './policy';

/**
 * A design is stored only when it is JSON of the editor's format, within the size limit, and holds
 * nothing that runs (scripts, event handlers, javascript: URLs): such a design is refused, not
 * silently changed, so its author sees why. The renderer sanitises again at send time.
 */
export function assertSafeDesign(content: string): void {
  const check = checkDesign(content);
  if (!check.ok) throw new AppError('VALIDATION', check.message, { Content: [check.message] });
}

/** The tag rows for these names, created when new (the tag table is shared, names are unique). */
async function tagIds(tx: Prisma.TransactionClient, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  await tx.tag.createMany({ data: names.map((name) => ({ name })), skipDuplicates: true });
  const rows = await tx.tag.findMany({ where: { name: { in: names } }, select: { id: true } });
  return rows.map((r) => r.id);
}

const savedSelect = { id: true, name: true, description: true, tags: tagsSelect } as const;

/** POST Add */
export async function addTemplate(actor: Actor, input: Template): Promise<MailTemplateSaved> {
  assertSafeDesign(input.Content);
  const row = await prisma.$transaction(async (tx) => {
    const ids = await tagIds(tx, input.Tags);
    return tx.mailTemplate.create({
      data: {
        name: input.Name,
        description: input.Description || null,
        content: input.Content,
        ownerId: actor.userId,
        tags: { create: ids.map((tagId) => ({ tagId })) },
      },
      select: savedSelect,
    });
  });
  return toSaved(row);
}

/** PUT Edit: title, description, design and tags of one of the actor's templates. */
export async function editTemplate(actor: Actor, input: Template & { Id: number }): Promise<MailTemplateSaved> {
  assertSafeDesign(input.Content);
  const row = await prisma.$transaction(async (tx) => {
    const owned = await tx.mailTemplate.findFirst({ where: { id: input.Id, ...ownTemplateWhere(actor) }, select: { id: true } });
    if (!owned) throw notFound(TEMPLATE_NOT_FOUND);
    const ids = await tagIds(tx, input.Tags);
    await tx.mailTemplateTag.deleteMany({ where: { templateId: owned.id } });
    return tx.mailTemplate.update({
      where: { id: owned.id },
      data: {
        name: input.Name,
        description: input.Description || null,
        content: input.Content,
        tags: { create: ids.map((tagId) => ({ tagId })) },
      },
      select: savedSelect,
    });
  });
  return toSaved(row);
}

/**
 * PUT virtualDelete?id: the template is hidden, not removed, so the drafts and sendings made
 * from it keep their history.
 */
export async function deleteTemplate(actor: Actor, id: number): Promise<void> {
  const res = await prisma.mailTemplate.updateMany({ where: { id, ...ownTemplateWhere(actor) }, data: { isDeleted: true, deletedAt: new Date() } });
  if (res.count === 0) throw notFound(TEMPLATE_NOT_FOUND);
}

/** PUT /api/MailTemplate/restore?id: the author's own template, within 30 days of its deletion; else 404. */
export async function restoreTemplate(actor: Actor, id: number): Promise<{ Id: number; Name: string }> {
  const where = { id, ...restorableTemplateWhere(actor) };
  const row = await prisma.mailTemplate.findFirst({ where, select: { id: true, name: true } });
  const res = row ? await prisma.mailTemplate.updateMany({ where, data: { isDeleted: false, deletedAt: null } }) : null;
  if (!row || res?.count !== 1) throw notFound(TEMPLATE_NOT_FOUND);
  return { Id: row.id, Name: row.name };
}
