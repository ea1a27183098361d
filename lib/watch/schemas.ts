// Requests of the Watch and Notification endpoints and the settings form (one schema for both).
import { z } from 'zod';
import { dbId, queryBoolean, queryNumberWithDefault, queryText } from '../shared/schemas';
import { CHANGE_KINDS, CHANNELS, EMAIL_MODES } from './kinds';

export const WATCH_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE = 20;
export const CHANGE_PAGE_SIZE = 10;

const page = () => queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 });

/** POST /api/Watch/watchCompany, DELETE /api/Watch/unwatchCompany?cui, GET getWatchStatus?cui. */
export const watchCompanySchema = z.object({ Cui: dbId() });
export const cuiQuerySchema = z.object({ cui: dbId() });

/** POST /api/Watch/watchGroup, DELETE /api/Watch/unwatchGroup?groupId. */
export const watchGroupSchema = z.object({ GroupId: dbId() });
export const groupIdQuerySchema = z.object({ groupId: dbId() });

export const WATCH_DEFAULT_ORDER = 'FollowedAt_desc';

/** GET /api/Watch/getWatchedCompanies */
export const watchedCompaniesQuerySchema = z.object({
  SearchText: queryText({ max: 200 }),
  OrderBy: queryText({ max: 40 }),
  PageNumber: page(),
});
export type WatchedCompaniesQuery = z.output<typeof watchedCompaniesQuerySchema>;

const kindFilter = z.union([z.literal(''), z.enum(CHANGE_KINDS)], { error: 'Tipul de modificare nu este valid.' });

/** GET /api/Notification/getNotifications */
export const notificationsQuerySchema = z.object({
  Kind: kindFilter.optional().default(''),
  UnreadOnly: queryBoolean(),
  PageNumber: page(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** PUT /api/Notification/markRead */
export const markReadSchema = z.object({
  Ids: z.array(z.coerce.number().int().min(1), { error: 'Lista de notificări nu este validă.' }).min(1).max(200),
});

/** GET /api/Company/getCompanyChanges?cui&PageNumber */
export const companyChangesQuerySchema = z.object({ cui: dbId(), PageNumber: page() });

/** PUT /api/Notification/updateSettings and the settings form. */
export const notificationSettingsSchema = z.object({
  Kinds: z.object(
    Object.fromEntries(CHANGE_KINDS.map((k) => [k, z.enum(CHANNELS, { error: 'Alegeți o opțiune.' })])) as Record<
      (typeof CHANGE_KINDS)[number],
      z.ZodEnum<{ off: 'off'; feed: 'feed'; email: 'email' }>
    >,
  ),
  EmailMode: z.enum(EMAIL_MODES, { error: 'Alegeți o opțiune.' }),
  DigestHour: z.coerce.number({ error: 'Alegeți ora.' }).int().min(0, 'Ora este între 0 și 23.').max(23, 'Ora este între 0 și 23.'),
  EmailEnabled: z.boolean(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

/** POST /api/Notification/unsubscribe?t: the signed token of the digest's link. */
export const unsubscribeQuerySchema = z.object({ t: z.string().trim().min(1).max(200) });
