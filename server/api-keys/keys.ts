// API keys (issue 29; docs/decisions/066): a signed-in user creates (the secret shown once), lists
// and revokes their keys and reads a key's daily usage; an Admin lists every key, revokes any and
// sets a key's limits. Actor first; the policy (./policy.ts) inside every call.
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
} from '@/lib/api-keys/schemas';
import type { Paged } from '@/lib/shared/paged';
import type { Actor } from '../auth/actor';
import { prisma } from '../db';
import { badRequest } from '../http/errors';
import type { Prisma } from '../generated/prisma/client';
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
    data: { userId: actor.userId, name: input.Name, prefix, secretHash: hash, scopes: input.Scopes, allowedOrigins: [...new Set(input.AllowedOrigins)] },
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

async function manageableOrThrow(actor: Actor, id: number) {
  const key = await prisma.apiKey.findFirst({ where: { id, ...manageableApiKeyWhere(actor) }, select: { id: true, revokedAt: true } });
  if (!key) throw apiKeyNotFound();
  return key;
}

/** DELETE /api/ApiKey/{id}: revoked at once on every instance (the key is read on each request). */
export async function revokeApiKey(actor: Actor, id: number): Promise<void> {
  const key = await manageableOrThrow(actor, id);
  if (key.revokedAt) return;
  await prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() }, select: { id: true } });
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

/** PUT /api/ApiKey/updateLimits (Admin): the key's requests per minute and per day. */
export async function updateApiKeyLimits(actor: Actor, input: UpdateApiKeyLimits): Promise<ApiKeyItem> {
  await manageableOrThrow(actor, input.Id);
  const row = await prisma.apiKey.update({ where: { id: input.Id }, data: { perMinute: input.PerMinute, perDay: input.PerDay }, select: selectWithToday() });
  return toItem(row);
}
