// Who sees a saved search (docs/decisions/056): its owner alone. For anyone else, an Admin
// included, it does not exist: the same 404 as a missing id.
import 'server-only';
import type { Actor } from '../auth/actor';
import { notFound } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';

const SAVED_SEARCH_NOT_FOUND = 'Căutarea salvată nu a fost găsită.';
export const savedSearchNotFound = () => notFound(SAVED_SEARCH_NOT_FOUND);

/** Prisma `where` of the actor's saved searches. */
export const ownSavedSearchWhere = (actor: Actor): Prisma.SavedSearchWhereInput => ({ userId: actor.userId });
/** SQL twin: saved search `s` belongs to the user bound at `user`. */
export const ownSavedSearchSql = (user: string, s = 's') => `${s}.user_id = ${user}`;
/** SQL: notice `n` of a saved search's new matches is the user's at `user` (decision 117); no one else sees it. */
export const ownSavedSearchNoticeSql = (user: string, n = 'n') => `${n}.user_id = ${user}`;
