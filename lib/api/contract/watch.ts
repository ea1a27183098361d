// The contract of the watch endpoints (urmăriri și notificări): access, input schemas, answer and summary.
import { endpoints } from './types';
import { messageAnswer, paged, updatedAnswer } from './answers';
import { z } from 'zod';
import { cuiQuerySchema, groupIdQuerySchema, markReadSchema, notificationSettingsSchema, notificationsQuerySchema, unsubscribeQuerySchema, watchCompanySchema, watchGroupSchema, watchedCompaniesQuerySchema } from '@/lib/watch/schemas';

// ── answers (lib/watch/types.ts derives its types from them) ──
const watchedCompanyAnswer = z.object({ Cui: z.number().int(), Name: z.string(), County: z.string().nullable(), Status: z.string().nullable(), IsActive: z.boolean(), FollowedAt: z.string() });
const watchedGroupAnswer = z.object({ GroupId: z.number().int(), Name: z.string(), CompanyCount: z.number().int(), FollowedAt: z.string() });
export const companyChangeAnswer = z.object({
  Id: z.number().int(),
  Cui: z.number().int(),
  Kind: z.string(),
  OldValue: z.string().nullable(),
  NewValue: z.string().nullable(),
  Source: z.string(),
  DataDate: z.string(),
  CreatedAt: z.string(),
});
const notificationAnswer = companyChangeAnswer.extend({ NotificationId: z.number().int(), CompanyName: z.string(), ReadAt: z.string().nullable() });

export const watchContract = endpoints({
  // A user's follows and notifications are their own (server/watch/policy.ts).
  'GET /api/Watch/getWatchedCompanies': {
    access: 'user',
    summary: 'Firmele urmărite de utilizator',
    query: watchedCompaniesQuerySchema,
    answer: paged(watchedCompanyAnswer),
  },
  'GET /api/Watch/getWatchedGroups': {
    access: 'user',
    summary: 'Grupurile urmărite de utilizator',
    answer: z.object({ Items: z.array(watchedGroupAnswer) }),
  },
  'GET /api/Watch/getWatchStatus': {
    access: 'user',
    summary: 'Dacă utilizatorul urmărește o firmă',
    query: cuiQuerySchema,
    answer: z.object({ IsWatched: z.boolean(), WatchedThroughGroups: z.array(z.string()) }),
  },
  'POST /api/Watch/watchCompany': {
    access: 'user',
    summary: 'Urmărește o firmă',
    body: watchCompanySchema,
    answer: messageAnswer,
  },
  'DELETE /api/Watch/unwatchCompany': {
    access: 'user',
    summary: 'Nu mai urmări o firmă',
    query: cuiQuerySchema,
    answer: messageAnswer,
  },
  'POST /api/Watch/watchGroup': {
    access: 'user',
    summary: 'Urmărește un grup',
    body: watchGroupSchema,
    answer: messageAnswer,
  },
  'DELETE /api/Watch/unwatchGroup': {
    access: 'user',
    summary: 'Nu mai urmări un grup',
    query: groupIdQuerySchema,
    answer: messageAnswer,
  },
  'GET /api/Notification/getNotifications': {
    access: 'user',
    summary: 'Notificările utilizatorului (paginat)',
    query: notificationsQuerySchema,
    answer: paged(notificationAnswer),
  },
  'GET /api/Notification/getUnreadCount': {
    access: 'user',
    summary: 'Numărul de notificări necitite',
    answer: z.object({ Count: z.number() }),
  },
  'PUT /api/Notification/markRead': {
    access: 'user',
    summary: 'Marchează notificări ca citite',
    body: markReadSchema,
    answer: updatedAnswer,
  },
  'PUT /api/Notification/markAllRead': {
    access: 'user',
    summary: 'Marchează toate notificările ca citite',
    answer: updatedAnswer,
  },
  'GET /api/Notification/getSettings': {
    access: 'user',
    summary: 'Setările de notificare',
    answer: notificationSettingsSchema,
  },
  'PUT /api/Notification/updateSettings': {
    access: 'user',
    summary: 'Modifică setările de notificare',
    body: notificationSettingsSchema,
    answer: messageAnswer,
  },
  // RFC 8058 one-click unsubscribe of the digests: the signed token in the link is the credential.
  'POST /api/Notification/unsubscribe': {
    access: 'public',
    summary: 'Dezabonare cu un clic de la rezumatele pe e-mail',
    query: unsubscribeQuerySchema,
    answer: messageAnswer,
  },
});
