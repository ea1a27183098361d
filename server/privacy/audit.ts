// The Admin audit trail (docs/decisions/060). An entry is written in the transaction of the change
// it records, so a change and its record commit or roll back together. The table is append-only
// (a trigger refuses UPDATE and early DELETE); only the Admin reads it.
import 'server-only';
import type { AuditAction, AuditQuery } from '@/lib/privacy/audit';
import type { AuditEntryDto, AuditPage } from '@/lib/privacy/types';
import { isAdmin, type Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { forbidden } from '../kernel/errors';
import { Prisma } from '../generated/prisma/client';

type Db = Pick<Prisma.TransactionClient, 'auditEntry'>;

export type AuditRecord = {
  action: AuditAction;
  targetType: 'user' | 'claim' | 'takedown' | 'contact' | 'apikey';
  targetId: number | string | null;
  before?: unknown;
  after?: unknown;
};

const asJson = (v: unknown) => (v === undefined || v === null ? Prisma.JsonNull : (v as Prisma.InputJsonValue));

/** Records an Admin action; call it inside the transaction of the change. */
export async function recordAudit(db: Db, actor: Actor | null, entry: AuditRecord): Promise<void> {
  await db.auditEntry.create({
    data: {
      actorId: actor?.userId ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId == null ? null : String(entry.targetId),
      before: asJson(entry.before),
      after: asJson(entry.after),
    },
  });
}

const DAY_MS = 86_400_000;

/** GET /api/Audit/getEntries (Admin): newest first, filtered by action, actor, target and days. */
export async function findAuditEntries(actor: Actor, q: AuditQuery): Promise<AuditPage> {
  if (!isAdmin(actor)) throw forbidden();
  const createdAt: Prisma.DateTimeFilter = {};
  if (q.from) createdAt.gte = new Date(`${q.from}T00:00:00Z`);
  if (q.to) createdAt.lt = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS);
  const where: Prisma.AuditEntryWhereInput = {
    ...(q.action ? { action: q.action } : {}),
    ...(q.actorId ? { actorId: q.actorId } : {}),
    ...(q.targetType ? { targetType: q.targetType } : {}),
    ...(q.targetId ? { targetId: q.targetId } : {}),
    ...(q.from || q.to ? { createdAt } : {}),
  };
  const [count, rows] = await prisma.$transaction([
    prisma.auditEntry.count({ where }),
    prisma.auditEntry.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (q.pageNumber - 1) * q.pageSize, take: q.pageSize }),
  ]);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is number => id != null))];
  const names = new Map(
    (await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, userName: true } })).map((u) => [u.id, u.userName]),
  );
  const items: AuditEntryDto[] = rows.map((r) => ({
    Id: r.id.toString(),
    CreatedAt: r.createdAt.toISOString(),
    ActorId: r.actorId,
    ActorName: r.actorId == null ? null : (names.get(r.actorId) ?? null),
    Action: r.action as AuditAction,
    TargetType: r.targetType,
    TargetId: r.targetId,
    Before: r.before,
    After: r.after,
  }));
  return { Items: items, Count: count, NumberOfPages: Math.ceil(count / q.pageSize) };
}

/** Records the action when an Admin made it (the contact edits are open to owners and claimants too). */
export async function recordIfAdmin(db: Db, actor: Actor, entry: AuditRecord): Promise<void> {
  if (isAdmin(actor)) await recordAudit(db, actor, entry);
}
