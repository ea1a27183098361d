// The browser's calls of the Watch and Notification endpoints.
import { api } from '../api-client';
import type { Paged } from '../shared/paged';
import type { NotificationSettingsInput } from './schemas';
import type { NotificationItem, NotificationSettings, WatchStatus, WatchedCompany, WatchedGroup } from './types';
import { endpoint } from '@/lib/api/endpoint';

export const watchApi = {
  getWatchedCompanies: (q: { OrderBy?: string; SearchText?: string; PageNumber?: number }) =>
    api.get<Paged<WatchedCompany>>(endpoint('GET /api/Watch/getWatchedCompanies'), q, { background: true }),
  getWatchedGroups: () => api.get<{ Items: WatchedGroup[] }>(endpoint('GET /api/Watch/getWatchedGroups'), undefined, { background: true }),
  getWatchStatus: (cui: number) => api.get<WatchStatus>(endpoint('GET /api/Watch/getWatchStatus'), { cui }, { background: true }),
  watchCompany: (Cui: number) => api.post<{ Message: string }>(endpoint('POST /api/Watch/watchCompany'), { Cui }),
  unwatchCompany: (cui: number) => api.delete<{ Message: string }>(endpoint('DELETE /api/Watch/unwatchCompany'), { cui }),
  watchGroup: (GroupId: number) => api.post<{ Message: string }>(endpoint('POST /api/Watch/watchGroup'), { GroupId }),
  unwatchGroup: (groupId: number) => api.delete<{ Message: string }>(endpoint('DELETE /api/Watch/unwatchGroup'), { groupId }),
};

export const notificationApi = {
  getNotifications: (q: { Kind?: string; UnreadOnly?: boolean; PageNumber?: number }) =>
    api.get<Paged<NotificationItem>>(endpoint('GET /api/Notification/getNotifications'), q, { background: true }),
  getUnreadCount: () => api.get<{ Count: number }>(endpoint('GET /api/Notification/getUnreadCount'), undefined, { background: true }),
  markRead: (Ids: number[]) => api.put<{ Updated: number }>(endpoint('PUT /api/Notification/markRead'), { Ids }),
  markAllRead: () => api.put<{ Updated: number }>(endpoint('PUT /api/Notification/markAllRead')),
  getSettings: () => api.get<NotificationSettings>(endpoint('GET /api/Notification/getSettings'), undefined, { background: true }),
  updateSettings: (s: NotificationSettingsInput) => api.put<{ Message: string }>(endpoint('PUT /api/Notification/updateSettings'), s),
};

/** Tells the header's bell to count again (a notification was read on the feed page). */
export const UNREAD_CHANGED_EVENT = 'rf:notifications-read';
export const announceUnreadChanged = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
};
