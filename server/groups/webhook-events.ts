// group.company_added for webhooks (issue 50, docs/decisions/096): every user who sees the group
// (its owner and active members, the group rule of ./policy.ts) learns that a company came in,
// whoever added it. Queued after the addition committed and never allowed to fail it.
import 'server-only';
import { clockNow } from '../kernel/clock';
import { prisma } from '../kernel/db';
import { queueWebhookEvent } from '../webhooks/events';

export async function emitCompaniesAdded(groupId: number, addedById: number, cuis: number[]): Promise<void> {
  if (!cuis.length) return;
  try {
    const group = await prisma.group.findFirst({
      where: { id: groupId, isDeleted: false },
      select: { name: true, ownerId: true, members: { where: { isDeleted: false }, select: { userId: true } } },
    });
    if (!group) return;
    const userIds = [group.ownerId, ...group.members.map((m) => m.userId)];
    // An addition is one event; the instant tells a later re-addition of the same company apart.
    const at = clockNow().getTime();
    for (const cui of cuis) {
      await queueWebhookEvent({ userIds, type: 'group.company_added', data: { GroupId: groupId, GroupName: group.name, Cui: cui, AddedByUserId: addedById }, dedupeKey: `${groupId}:${cui}:${at}` });
    }
  } catch (e) {
    console.error(`[webhooks] adăugarea în grupul ${groupId} nu a fost pusă în coadă: ${e instanceof Error ? e.message : String(e)}`);
  }
}
