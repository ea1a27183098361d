// Who may see and revoke a key (docs/decisions/066): its owner, or an Admin. For anyone else it does
// not exist: the same 404 as a missing id, never a 403 that would confirm the id. What a key itself
// may call is the surface's rule (lib/api-keys/surface.ts, applied in ./authenticate.ts).
import 'server-only';
import type { Actor } from '../auth/actor';
import { isAdmin } from '../auth/actor';
import { notFound } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';

const API_KEY_NOT_FOUND = 'Cheia API nu a fost găsită.';
export const apiKeyNotFound = () => notFound(API_KEY_NOT_FOUND);

/** Prisma `where` of the keys the actor owns (their own list, even for an Admin). */
export const ownApiKeyWhere = (actor: Actor): Prisma.ApiKeyWhereInput => ({ userId: actor.userId });
/** Prisma `where` of the keys the actor may manage: their own; every key for an Admin. */
export const manageableApiKeyWhere = (actor: Actor): Prisma.ApiKeyWhereInput => (isAdmin(actor) ? {} : ownApiKeyWhere(actor));
