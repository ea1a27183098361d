// How long a deleted group or template can be restored by its owner (docs/decisions/042). Shared
// so the server's rule and the "Recent șterse" dialog's "până la" date are computed alike.
import { z } from 'zod';
import { queryNumberWithDefault } from './schemas';
import type { deletedItemAnswer } from '../api/contract/answers';

export const RESTORE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** The last moment a row deleted at `deletedAt` can be restored. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RESTORE_WINDOW_DAYS * DAY_MS);
}

/** The earliest deletion time still restorable at `now`. */
export function restoreCutoff(now = new Date()): Date {
  return new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS);
}

/** A row of a "Recent șterse" list (groups and templates): ISO dates of the deletion and of the last restorable moment. */
export type DeletedItem = z.output<typeof deletedItemAnswer>;

export const DELETED_PAGE_SIZE = 20;
/** GET getDeletedGroups / getDeletedMailTemplates: PageNumber only; newest deletion first. */
export const deletedListQuerySchema = z.object({ PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }) });
export type DeletedListQuery = z.output<typeof deletedListQuerySchema>;
