// Who sees a bulk fiscal check (issue 48, decision 108): its owner alone. For another user and for
// an Admin it does not exist (the same 404 as a missing id): the spec gives the Admin users and
// claims to manage, not other users' work (drafts, templates and saved searches are the same). An
// API key acts as its owner. The one module of the rule: the predicate, the SQL condition and the
// refusal; bulk.ts reads jobs only through them.
import 'server-only';
import { isAdmin, type Actor } from '../auth/actor';
import { forbidden, notFound, unauthorized } from '../kernel/errors';

const BULK_JOB_NOT_FOUND = 'Verificarea nu a fost găsită.';
export const bulkJobNotFound = () => notFound(BULK_JOB_NOT_FOUND);

/** Whether a job of `ownerId` is the actor's. */
export const isOwnBulkJob = (actor: Actor | null, job: { userId: number }) => !!actor && job.userId === actor.userId;

/** SQL twin: job `j` (a fiscal_bulk_job row) belongs to the user bound at `user`. */
export const ownBulkJobSql = (user: string, j = 'j') => `${j}.user_id = ${user}`;

/** Per-user limits of the checks a user asks for by hand ("Verifică acum", "Caută dosare"): the key of each. */
export const checkNowLimitKey = (actor: Actor) => `fiscal-now:${actor.userId}`;
export const courtLookupLimitKey = (actor: Actor) => `courts-now:${actor.userId}`;

/**
 * Who imports one of ANAF's arrears lists (decision 115): an Admin. A list changes what every
 * visitor reads on the companies it names and tells their followers, like the registry's imports,
 * which only an operator runs. The contract declares the endpoint `admin` too; this is the rule the
 * domain function applies whatever calls it.
 */
export const canImportArrearsList = (actor: Actor | null): boolean => isAdmin(actor);
export const arrearsImportRefusal = (actor: Actor | null) => (actor ? forbidden() : unauthorized());
