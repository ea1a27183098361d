// The contract of the watch endpoints (urmăriri și notificări): access, input schemas, answer and summary.
import { endpoints } from './types';
import { unknownAnswer } from './answers';
import { cuiQuerySchema, groupIdQuerySchema, markReadSchema, notificationSettingsSchema, notificationsQuerySchema, unsubscribeQuerySchema, watchCompanySchema, watchGroupSchema, watchedCompaniesQuerySchema } from '@/lib/watch/schemas';

export const watchContract = endpoints({
  // A user's follows and notifications are their own (server/watch/policy.ts).
  'GET /api/Watch/getWatchedCompanies': {
    access: 'user',
    summary: 'Firmele urmărite de utilizator',
    query: watchedCompaniesQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/Watch/getWatchedGroups': {
    access: 'user',
    summary: 'Grupurile urmărite de utilizator',
    answer: unknownAnswer,
  },
  'GET /api/Watch/getWatchStatus': {
    access: 'user',
    summary: 'Dacă utilizatorul urmărește o firmă',
    query: cuiQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/Watch/watchCompany': {
    access: 'user',
    summary: 'Urmărește o firmă',
    body: watchCompanySchema,
    answer: unknownAnswer,
  },
  'DELETE /api/Watch/unwatchCompany': {
    access: 'user',
    summary: 'Nu mai urmări o firmă',
    query: cuiQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/Watch/watchGroup': {
    access: 'user',
    summary: 'Urmărește un grup',
    body: watchGroupSchema,
    answer: unknownAnswer,
  },
  'DELETE /api/Watch/unwatchGroup': {
    access: 'user',
    summary: 'Nu mai urmări un grup',
    query: groupIdQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/Notification/getNotifications': {
    access: 'user',
    summary: 'Notificările utilizatorului (paginat)',
    query: notificationsQuerySchema,
    answer: unknownAnswer,
  },
  'GET /api/Notification/getUnreadCount': {
    access: 'user',
    summary: 'Numărul de notificări necitite',
    answer: unknownAnswer,
  },
  'PUT /api/Notification/markRead': {
    access: 'user',
    summary: 'Marchează notificări ca citite',
    body: markReadSchema,
    answer: unknownAnswer,
  },
  'PUT /api/Notification/markAllRead': {
    access: 'user',
    summary: 'Marchează toate notificările ca citite',
    answer: unknownAnswer,
  },
  'GET /api/Notification/getSettings': {
    access: 'user',
    summary: 'Setările de notificare',
    answer: unknownAnswer,
  },
  'PUT /api/Notification/updateSettings': {
    access: 'user',
    summary: 'Modifică setările de notificare',
    body: notificationSettingsSchema,
    answer: unknownAnswer,
  },
  // RFC 8058 one-click unsubscribe of the digests: the signed token in the link is the credential.
  'POST /api/Notification/unsubscribe': {
    access: 'public',
    summary: 'Dezabonare cu un clic de la rezumatele pe e-mail',
    query: unsubscribeQuerySchema,
    answer: unknownAnswer,
  },
});
