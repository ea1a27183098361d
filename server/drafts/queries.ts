import 'server-only';
import type { CompaniesMailQuery, MailsDraftQuery } from '@/lib/drafts/schemas';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import type { DraftCompany, DraftGroups, DraftListItem, MailDraftDetails } from '@/lib/drafts/types';
import type { Paged } from '@/lib/templates/types';
import type { Actor } from '../auth/actor';
import { visibleContactsSql } from '../contacts/policy';
import { prisma, sql } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { notFound } from '../kernel/errors';
import { DRAFT_NOT_FOUND, ownDraftWhere } from './policy';
import { emailsForCompanies, listVisibleGroupsWithCounts } from './recipients';

/** The draft's id when it is the actor's; 404 otherwise. */
/** A draft's own fields: what the draft page edits and what a user's data download holds. */
export const DRAFT_TEXT_SELECT = { id: true, name: true, description: true, content: true, createdOn: true } as const;

async function assertOwnDraft(actor: Actor, id: number): Promise<number> {
  const row = await prisma.groupedMail.findFirst({ where: { id, ...ownDraftWhere(actor) }, select: { id: true } });
  if (!row) throw notFound(DRAFT_NOT_FOUND);
  return row.id;
}

/** GET getMailDraft?groupedMailSendId */
export async function getDraftOrThrow(actor: Actor, id: number): Promise<MailDraftDetails> {
  const row = await prisma.groupedMail.findFirst({
    where: { id, ...ownDraftWhere(actor) },
    select: {
      ...DRAFT_TEXT_SELECT,
      templateId: true,
      template: { select: { name: true, tags: { select: { tag: { select: { name: true } } } } } },
      createdBy: { select: { userName: true } },
      companies: { select: { cui: true, groupId: true }, orderBy: { id: 'asc' } },
      segment: { select: { savedSearchId: true, savedSearch: { select: { name: true } } } },
    },
  });
  if (!row) throw notFound(DRAFT_NOT_FOUND);
  const groupIds = [...new Set(row.companies.map((c) => c.groupId).filter((g): g is number => g !== null))];
  return {
    Id: row.id,
    GroupedMailId: row.id,
    TemplateId: row.templateId,
    TemplateName: row.template?.name ?? null,
    Name: row.name,
    Description: row.description ?? '',
    Content: row.content,
    Tags: (row.template?.tags ?? []).map((t) => t.tag.name),
    CompanyIds: row.companies.map((c) => c.cui),
    GroupIds: groupIds,
    CompaniesNumber: row.companies.length,
    CreatedOn: row.createdOn.toISOString(),
    CreatedBy: row.createdBy.userName,
    Segment: row.segment ? { SavedSearchId: row.segment.savedSearchId, Name: row.segment.savedSearch.name } : null,
  };
}

const COMPANY_ORDER_SQL: Record<CompaniesMailQuery['OrderBy'], string> = {
  Name: 'c.name ASC, c.cui ASC',
  Name_desc: 'c.name DESC, c.cui DESC',
  GroupName: 'g.name ASC NULLS LAST, c.name ASC, c.cui ASC',
  GroupName_desc: 'g.name DESC NULLS LAST, c.name ASC, c.cui ASC',
  HasMail: 'has_mail ASC, c.name ASC, c.cui ASC',
  HasMail_desc: 'has_mail DESC, c.name ASC, c.cui ASC',
};

/**
 * GET getCompaniesMail: a page of a draft's companies with their group and the addresses they
 * give the actor. Raw SQL because the recipient rows have no Prisma relation to company or group,
 * and the page is searched and sorted on the joined names.
 */
export async function findDraftCompanies(actor: Actor, q: CompaniesMailQuery): Promise<Paged<DraftCompany>> {
  const draftId = await assertOwnDraft(actor, q.GroupedMailId);
  const size = DRAFT_LIMITS.pageSize;
  const params: unknown[] = [draftId, actor.userId];
  const where: string[] = ['r.grouped_mail_id = $1'];
  const text = q.SearchText.trim();
  if (text) {
    params.push(`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const p = `$${params.length}`;
    where.push(`(c.name_norm LIKE rf_norm(${p}) OR c.cui::text LIKE ${p})`);
  }
  if (q.GroupId) {
    params.push(q.GroupId);
    where.push(`r.group_id = $${params.length}`);
  }
  params.push(size, (q.PageNumber - 1) * size);
  const rows = await sql<{ id: number; cui: number; name: string; group_id: number | null; group_name: string | null; total: number }>(
    `SELECT r.id, r.cui, c.name, r.group_id, g.name AS group_name, count(*) OVER () AS total,
            EXISTS (SELECT 1 FROM ${visibleContactsSql('$2')} ct
                     WHERE ct.cui = r.cui AND coalesce(ct.email, '') <> '') AS has_mail
       FROM grouped_mail_company r
       JOIN company c ON c.cui = r.cui
       LEFT JOIN company_group_list g ON g.id = r.group_id
      WHERE ${where.join(' AND ')}
      ORDER BY ${COMPANY_ORDER_SQL[q.OrderBy]}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let count = rows[0]?.total ?? 0;
  if (!rows.length && q.PageNumber > 1) {
    // Past the last page: still report the total so the pager can step back.
    const all = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM grouped_mail_company r JOIN company c ON c.cui = r.cui WHERE ${where.join(' AND ')}`,
      params.slice(0, params.length - 2),
    );
    count = all[0]?.n ?? 0;
  }
  const emails = await emailsForCompanies(actor, rows.map((r) => r.cui));
  const items = rows.map((r): DraftCompany => {
    const mails = emails.get(r.cui) ?? [];
    return {
      MailSendId: r.id,
      CompanyCui: r.cui,
      Name: r.name,
      GroupId: r.group_id,
      GroupName: r.group_name,
      HasMail: mails.length > 0,
      Email: mails.map((m) => m.Mail).join(', '),
      Mails: mails,
    };
  });
  return { Items: items, Count: Number(count), NumberOfPages: Math.ceil(Number(count) / size) };
}

const DRAFT_ORDER: Record<MailsDraftQuery['OrderBy'], Prisma.GroupedMailOrderByWithRelationInput[]> = {
  CreatedOn_desc: [{ createdOn: 'desc' }, { id: 'desc' }],
  CreatedOn: [{ createdOn: 'asc' }, { id: 'asc' }],
  Template: [{ template: { name: 'asc' } }, { id: 'desc' }],
  Template_desc: [{ template: { name: 'desc' } }, { id: 'desc' }],
  Name: [{ name: 'asc' }, { id: 'desc' }],
  Name_desc: [{ name: 'desc' }, { id: 'desc' }],
};

/** GET getMailsDraft: the actor's drafts, newest first, searched by subject or template. */
export async function findDrafts(actor: Actor, q: MailsDraftQuery): Promise<Paged<DraftListItem>> {
  const text = q.SearchText.trim();
  const where: Prisma.GroupedMailWhereInput = text
    ? {
        ...ownDraftWhere(actor),
        OR: [{ name: { contains: text, mode: 'insensitive' } }, { template: { name: { contains: text, mode: 'insensitive' } } }],
      }
    : ownDraftWhere(actor);
  const size = DRAFT_LIMITS.pageSize;
  const [rows, count] = await prisma.$transaction([
    prisma.groupedMail.findMany({
      where,
      select: {
        id: true,
        name: true,
        createdOn: true,
        templateId: true,
        template: { select: { name: true } },
        createdBy: { select: { userName: true } },
        companyCount: true,
      },
      orderBy: DRAFT_ORDER[q.OrderBy],
      skip: (q.PageNumber - 1) * size,
      take: size,
    }),
    prisma.groupedMail.count({ where }),
  ]);
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      GroupedMailId: r.id,
      Name: r.name,
      TemplateId: r.templateId,
      Template: r.template?.name ?? null,
      CreatedOn: r.createdOn.toISOString(),
      CreatedBy: r.createdBy.userName,
      CompaniesNumber: r.companyCount,
    })),
    Count: count,
    NumberOfPages: Math.ceil(count / size),
  };
}

/**
 * GET getDraftGroups (ours): the actor's groups with their company counts (the add-groups dialog
 * ticks only groups that have companies) and how many of the draft's companies came from each
 * (the group filter of the companies tab).
 */
export async function findDraftGroups(actor: Actor, draftId: number): Promise<DraftGroups> {
  const id = await assertOwnDraft(actor, draftId);
  const [groups, byGroup, total] = await Promise.all([
    listVisibleGroupsWithCounts(actor),
    prisma.groupedMailCompany.groupBy({ by: ['groupId'], where: { groupedMailId: id }, _count: { _all: true } }),
    prisma.groupedMailCompany.count({ where: { groupedMailId: id } }),
  ]);
  const inDraft = new Map(byGroup.map((g) => [g.groupId, g._count._all]));
  // A group the actor no longer sees stays out of the list; its companies still count in Toate.
  return {
    Groups: groups.map((g) => ({ Id: g.id, Name: g.name, CompaniesNumber: g.companies, DraftCompaniesNumber: inDraft.get(g.id) ?? 0 })),
    DraftCompaniesNumber: total,
  };
}
