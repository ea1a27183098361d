// API keys (issue 29; docs/decisions/066): a signed-in user creates (the secret shown once), lists
// and revokes their keys and reads a key's daily usage; an Admin lists every key, revokes any and
// sets a key's limits; the owner or an Admin sets a key's CORS origins. Actor first; the policy
// (./policy.ts) inside every call. An Admin's change to another user's key (and every change of
// limits) is written to the audit trail in the change's transaction (decisions 060, 072).
import 'server-only';
import {
  API_KEYS_PAGE_SIZE,
  API_KEYS_PER_USER_MAX,
  type AdminApiKeyPage,
  type ApiKeyItem,
  type ApiKeyListQuery,
  type ApiKeyPage,
  type ApiKeyScope,
  type ApiKeyUsageDay,
  type CreatedApiKey,
  type UpdateApiKeyLimits,
  type UpdateApiKeyOrigins,
} from '@/lib/api-keys/schemas';
import type { Paged } from '@/lib/shared/paged';
import { isAdmin, type Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { badRequest, conflict } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';
import { recordAudit, type AuditRecord } from '../privacy/audit';
import { apiKeyNotFound, manageableApiKeyWhere, ownApiKeyWhere } from './policy';
import { utcDay } from './quota';
import { newApiKeySecret } from './secret';

const today = () => new Date(`${utcDay().day}T00:00:00Z`);

const keySelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  allowedOrigins: true,
  perMinute: true,
  perDay: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.ApiKeySelect;

/** The key's columns and today's usage row (the day is read per call, not at import). */
const selectWithToday = () => ({ ...keySelect, usage: { where: { day: today() }, select: { requests: true } } }) satisfies Prisma.ApiKeySelect;

type KeyRow = Prisma.ApiKeyGetPayload<{ select: ReturnType<typeof selectWithToday> }>;

function toItem(r: KeyRow): ApiKeyItem {
  return {
    Id: r.id,
    Name: r.name,
    Prefix: r.prefix,
    Scopes: r.scopes as ApiKeyScope[],
    AllowedOrigins: r.allowedOrigins,
    PerMinute: r.perMinute,
    PerDay: r.perDay,
    CreatedAt: r.createdAt.toISOString(),
    LastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    RevokedAt: r.revokedAt?.toISOString() ?? null,
    RequestsToday: r.usage[0]?.requests ?? 0,
  };
}

const pages = (count: number) => Math.ceil(count / API_KEYS_PAGE_SIZE);
const order: Prisma.ApiKeyOrderByWithRelationInput[] = [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }, { id: 'desc' }];

/** POST /api/ApiKey/create: the answer is the only time the secret is shown. */
export async function createApiKey(actor: Actor, input: { Name: string; Scopes: ApiKeyScope[]; AllowedOrigins: string[] }): Promise<CreatedApiKey> {
  const active = await prisma.apiKey.count({ where: { ...ownApiKeyWhere(actor), revokedAt: null } });
  if (active >= API_KEYS_PER_USER_MAX) throw badRequest(`Puteți avea cel mult ${API_KEYS_PER_USER_MAX} chei API active. Revocați una pentru a crea alta.`);
  const { secret, prefix, hash } = newApiKeySecret();
  const row = await prisma.apiKey.create({
    data: { userId: actor.userId, name: input.Name, prefix, secretHash: hash, scopes: input.Scopes, allowedOrigins: input.AllowedOrigins },
    select: selectWithToday(),
  });
  return { Key: toItem(row), Secret: secret };
}

/** GET /api/ApiKey/getMyKeys: the actor's own keys (an Admin's too), active first, newest first. */
export async function listMyApiKeys(actor: Actor, q: ApiKeyListQuery): Promise<ApiKeyPage> {
  const where: Prisma.ApiKeyWhereInput = { AND: [ownApiKeyWhere(actor), q.SearchText ? { name: { contains: q.SearchText, mode: 'insensitive' } } : {}] };
  // Two plain reads, no transaction: a list page may be a moment old, and a busy pool must not
  // fail the page for want of a transaction slot.
  const [count, rows] = await Promise.all([
    prisma.apiKey.count({ where }),
    prisma.apiKey.findMany({ where, orderBy: order, skip: (q.PageNumber - 1) * API_KEYS_PAGE_SIZE, take: API_KEYS_PAGE_SIZE, select: selectWithToday() }),
  ]);
  return { Items: rows.map(toItem), Count: count, NumberOfPages: pages(count) };
}

/** GET /api/ApiKey/getAll (Admin): every key with its owner; SearchText matches the key's name, the owner's name or e-mail. */
export async function listAllApiKeys(actor: Actor, q: ApiKeyListQuery): Promise<AdminApiKeyPage> {
  const text = q.SearchText;
  const search: Prisma.ApiKeyWhereInput = text
    ? { OR: [{ name: { contains: text, mode: 'insensitive' } }, { user: { userName: { contains: text, mode: 'insensitive' } } }, { user: { email: { contains: text.toLowerCase() } } }] }
    : {};
  const where: Prisma.ApiKeyWhereInput = { AND: [manageableApiKeyWhere(actor), search] };
  const [count, rows] = await Promise.all([
    prisma.apiKey.count({ where }),
    prisma.apiKey.findMany({
      where,
      orderBy: order,
      skip: (q.PageNumber - 1) * API_KEYS_PAGE_SIZE,
      take: API_KEYS_PAGE_SIZE,
      select: { ...selectWithToday(), user: { select: { id: true, userName: true, email: true } } },
    }),
  ]);
  return {
    Items: rows.map((r) => ({ ...toItem(r), UserId: r.user.id, UserName: r.user.userName, Email: r.user.email })),
    Count: count,
    NumberOfPages: pages(count),
  };
}

const managedSelect = { id: true, userId: true, name: true, revokedAt: true, perMinute: true, perDay: true, allowedOrigins: true } satisfies Prisma.ApiKeySelect;
type ManagedKey = Prisma.ApiKeyGetPayload<{ select: typeof managedSelect }>;

async function manageableOrThrow(actor: Actor, id: number, db: Pick<Prisma.TransactionClient, 'apiKey'> = prisma): Promise<ManagedKey> {
  const key = await db.apiKey.findFirst({ where: { id, ...manageableApiKeyWhere(actor) }, select: managedSelect });
  if (!key) throw apiKeyNotFound();
  return key;
}

/** The audit entry of an Admin's change to a key; the owner's changes to their own key are not Admin actions. */
async function auditKeyChange(tx: Prisma.TransactionClient, actor: Actor, key: ManagedKey, entry: Omit<AuditRecord, 'targetType' | 'targetId'>, always = false) {
  if (!isAdmin(actor) || (!always && key.userId === actor.userId)) return;
  await recordAudit(tx, actor, { ...entry, targetType: 'apikey', targetId: key.id });
}

/** DELETE /api/ApiKey/{id}: revoked at once on every instance (the key is read on each request). */
export async function revokeApiKey(actor: Actor, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const key = await manageableOrThrow(actor, id, tx);
    if (key.revokedAt) return;
    const revokedAt = new Date();
    await tx.apiKey.update({ where: { id }, data: { revokedAt }, select: { id: true } });
    const shown = { Name: key.name, UserId: key.userId };
    await auditKeyChange(tx, actor, key, { action: 'apikey.revoke', before: { ...shown, RevokedAt: null }, after: { ...shown, RevokedAt: revokedAt.toISOString() } });
  });
}

/** GET /api/ApiKey/getUsage?id&Days: requests per UTC day of the last Days days that saw any, newest first. */
export async function getApiKeyUsage(actor: Actor, q: { id: number; Days: number }): Promise<Paged<ApiKeyUsageDay>> {
  await manageableOrThrow(actor, q.id);
  const since = new Date(today().getTime() - (q.Days - 1) * 86_400_000);
  const rows = await prisma.apiKeyUsage.findMany({
    where: { apiKeyId: q.id, day: { gte: since } },
    orderBy: { day: 'desc' },
    select: { day: true, requests: true, rejected: true },
  });
  const Items = rows.map((r) => ({ Day: r.day.toISOString().slice(0, 10), Requests: r.requests, Rejected: r.rejected }));
  return { Items, Count: Items.length, NumberOfPages: Items.length ? 1 : 0 };
}

/** PUT /api/ApiKey/updateLimits (Admin): the key's requests per minute and per day; always audited. */
export async function updateApiKeyLimits(actor: Actor, input: UpdateApiKeyLimits): Promise<ApiKeyItem> {
  const row = await prisma.$transaction(async (tx) => {
    const key = await manageableOrThrow(actor, input.Id, tx);
    const updated = await tx.apiKey.update({ where: { id: input.Id }, data: { perMinute: input.PerMinute, perDay: input.PerDay }, select: selectWithToday() });
    await auditKeyChange(
      tx,
      actor,
      key,
      { action: 'apikey.limits', before: { PerMinute: key.perMinute, PerDay: key.perDay }, after: { PerMinute: input.PerMinute, PerDay: input.PerDay } },
      true,
    );
    return updated;
  });
  return toItem(row);
}

/**
 * PUT /api/ApiKey/updateOrigins (owner or Admin): the browser origins that may call /api/v1 with
 * the key, replaced whole; an empty list turns CORS off for the key. A revoked key is not edited.
 */
export async function updateApiKeyOrigins(actor: Actor, input: UpdateApiKeyOrigins): Promise<ApiKeyItem> {
  const row = await prisma.$transaction(async (tx) => {
    const key = await manageableOrThrow(actor, input.Id, tx);
    if (key.revokedAt) throw conflict('Cheia a fost revocată: originile ei nu se mai pot schimba.');
    const updated = await tx.apiKey.update({ where: { id: input.Id }, data: { allowedOrigins: input.AllowedOrigins }, select: selectWithToday() });
    await auditKeyChange(tx, actor, key, {
      action: 'apikey.origins',
      before: { AllowedOrigins: key.allowedOrigins },
      after: { AllowedOrigins: input.AllowedOrigins },
    });
    return updated;
  });
  return toItem(row);
}
