import 'server-only';
import type { TemplateListQuery } from '@/lib/templates/schemas';
import { TEMPLATE_LIMITS } from '@/lib/templates/schemas';
import type { MailTemplateDetails, MailTemplateListItem, Paged } from '@/lib/templates/types';
import type { DeletedItem, DeletedListQuery } from '@/lib/shared/restore';
import { deletedPage, deletedPageArgs } from '../kernel/deleted-list';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { notFound } from '../kernel/errors';
import { toDetails, toListItem, tagsSelect } from './dto';
import { ownTemplateWhere, restorableTemplateWhere, TEMPLATE_NOT_FOUND } from './policy';

const collator = new Intl.Collator('ro', { sensitivity: 'base', numeric: true });

function listWhere(actor: Actor, searchText: string): Prisma.MailTemplateWhereInput {
  const text = searchText.trim();
  if (!text) return ownTemplateWhere(actor);
  return {
    ...ownTemplateWhere(actor),
    OR: [
      { name: { contains: text, mode: 'insensitive' } },
      { tags: { some: { tag: { name: { contains: text, mode: 'insensitive' } } } } },
    ],
  };
}

/** GET getPagedMailTemplate: the actor's templates, searched by title or tag, by title or categories. */
export async function findTemplates(actor: Actor, q: TemplateListQuery): Promise<Paged<MailTemplateListItem>> {
  const where = listWhere(actor, q.SearchText);
  const size = TEMPLATE_LIMITS.pageSize;
  const skip = (q.PageNumber - 1) * size;
  const select = { id: true, name: true, description: true, tags: tagsSelect } as const;

  // Sorted here with the Romanian collation ("alfa" before "Beta", "ș" after "s"), which the
  // database's default collation does not give; the categories order by the joined tag list,
  // which SQL cannot express through Prisma. One user's templates are few.
  const rows = await prisma.mailTemplate.findMany({ where, select, orderBy: { id: 'asc' } });
  const byName = (a: MailTemplateListItem, b: MailTemplateListItem) => collator.compare(a.Name, b.Name) || a.Id - b.Id;
  const all = rows.map(toListItem);
  if (q.OrderBy === 'Name') all.sort(byName);
  else if (q.OrderBy === 'Name_desc') all.sort((a, b) => byName(b, a));
  else {
    const sign = q.OrderBy === 'Categories' ? 1 : -1;
    all.sort((a, b) => {
      if (!a.Tags.length !== !b.Tags.length) return a.Tags.length ? -1 : 1; // without tags last
      return sign * collator.compare(a.Tags.join(', '), b.Tags.join(', ')) || byName(a, b);
    });
  }
  const count = all.length;
  const items = all.slice(skip, skip + size);
  return { Items: items, Count: count, NumberOfPages: Math.ceil(count / size) };
}

/** GET get?id: one of the actor's templates with its design; 404 for anyone else's. */
export async function getTemplateOrThrow(actor: Actor, id: number): Promise<MailTemplateDetails> {
  const row = await prisma.mailTemplate.findFirst({
    where: { id, ...ownTemplateWhere(actor) },
    select: { id: true, name: true, description: true, content: true, tags: tagsSelect },
  });
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toDetails(row);
}

/**
 * GET getTags: the tags the actor has used on their templates, for the multiselect. The tag
 * table is shared by everyone; only one's own tags are offered, so no one reads another user's
 * category names.
 */
export async function findOwnTags(actor: Actor): Promise<string[]> {
  const rows = await prisma.tag.findMany({
    where: { templates: { some: { template: ownTemplateWhere(actor) } } },
    select: { name: true },
  });
  return rows.map((r) => r.name).sort((a, b) => collator.compare(a, b));
}

/** GET getDeletedMailTemplates: the actor's deleted templates still restorable, newest deletion first. */
export async function findDeletedTemplates(actor: Actor, q: DeletedListQuery): Promise<Paged<DeletedItem>> {
  const where = restorableTemplateWhere(actor);
  const [count, rows] = await prisma.$transaction([prisma.mailTemplate.count({ where }), prisma.mailTemplate.findMany({ where, ...deletedPageArgs(q) })]);
  return deletedPage(rows, count);
}
