// Segments (issue 27; docs/decisions/056): a draft may also target one of its author's saved
// searches. The companies the search matches when the draft is sent join the draft's companies
// inside the send transaction (group NULL), so the one recipients rule of the sending domain
// (RECIPIENTS_SQL: public contacts and the sender's own private ones), the suppression list and the
// daily quota apply to them exactly as to a group's companies.
import 'server-only';
import type pg from 'pg';
import { DEFAULT_ORDER_BY } from '@/lib/filters';
import { ownValue } from '@/lib/shared/own-key';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { env } from '../kernel/env';
import { draftNotFound, ownDraftWhere } from '../drafts/policy';
import { Params, buildWhere } from '../search/conditions';
import { ownSavedSearchSql } from '../saved-searches/policy';
import { savedSearchFilter, storedFilter } from '../saved-searches/saved-searches';
import { countMatches } from '../saved-searches/matches';

const SORT_COLUMN = { Profit_desc: 'profit', Turnover_desc: 'turnover' } as const;

/** PUT /api/MailSend/setDraftSegment: the actor's unsent draft targets the actor's saved search (or none). */
export async function setDraftSegment(actor: Actor, input: { DraftId: number; SavedSearchId: number | null }): Promise<{ MatchCount: number; IsCountCapped: boolean }> {
  const draft = await prisma.groupedMail.findFirst({ where: { id: input.DraftId, ...ownDraftWhere(actor) }, select: { id: true } });
  if (!draft) throw draftNotFound();
  if (input.SavedSearchId === null) {
    await prisma.draftSegment.deleteMany({ where: { groupedMailId: draft.id } });
    return { MatchCount: 0, IsCountCapped: false };
  }
  const filter = await savedSearchFilter(actor, input.SavedSearchId);
  await prisma.draftSegment.upsert({
    where: { groupedMailId: draft.id },
    create: { groupedMailId: draft.id, savedSearchId: input.SavedSearchId },
    update: { savedSearchId: input.SavedSearchId },
    select: { groupedMailId: true },
  });
  const m = await countMatches(filter, []);
  return { MatchCount: Math.min(m.count, env.BULK_ADD_MAX), IsCountCapped: m.capped || m.count > env.BULK_ADD_MAX };
}

/**
 * Inside sendDraft's transaction: the segment's first BULK_ADD_MAX matches (in the search's order)
 * become companies of the draft. The saved search must still be the sender's own.
 */
export async function addSegmentCompanies(client: pg.PoolClient, actor: Actor, draftId: number): Promise<void> {
  const seg = await client.query<{ filter: unknown }>(
    `SELECT s.filter FROM draft_segment d JOIN saved_search s ON s.id = d.saved_search_id WHERE d.grouped_mail_id = $1 AND ${ownSavedSearchSql('$2', 's')}`,
    [draftId, actor.userId],
  );
  if (!seg.rows[0]) return;
  const filter = storedFilter(seg.rows[0].filter);
  const sort = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter);
  const p = new Params(built.params.values);
  await client.query(
    `INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id)
     SELECT ${p.add(draftId)}, m.cui, NULL FROM (SELECT c.cui FROM company c ${built.where} ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${p.add(env.BULK_ADD_MAX)}) m
     ON CONFLICT (grouped_mail_id, cui) DO NOTHING`,
    p.values,
  );
}
