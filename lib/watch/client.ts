// The browser's calls of the Watch and Notification endpoints (typed by their contract).
import type { NotificationSettingsInput } from './schemas';
import { apiCall } from '@/lib/api/client';

export const watchApi = {
  getWatchedCompanies: (q: { OrderBy?: string; SearchText?: string; PageNumber?: number }) =>
    apiCall('GET /api/Watch/getWatchedCompanies', { query: q, background: true }),
  getWatchedGroups: () => apiCall('GET /api/Watch/getWatchedGroups', { background: true }),
  getWatchStatus: (cui: number) => apiCall('GET /api/Watch/getWatchStatus', { query: { cui }, background: true }),
  watchCompany: (Cui: number) => apiCall('POST /api/Watch/watchCompany', { body: { Cui } }),
  unwatchCompany: (cui: number) => apiCall('DELETE /api/Watch/unwatchCompany', { query: { cui } }),
  watchGroup: (GroupId: number) => apiCall('POST /api/Watch/watchGroup', { body: { GroupId } }),
  unwatchGroup: (groupId: number) => apiCall('DELETE /api/Watch/unwatchGroup', { query: { groupId } }),
};

export const notificationApi = {
  getNotifications: (q: { Kind?: string; UnreadOnly?: boolean; PageNumber?: number }) =>
    apiCall('GET /api/Notification/getNotifications', { query: q, background: true }),
  getUnreadCount: () => apiCall('GET /api/Notification/getUnreadCount', { background: true }),
  markRead: (Ids: number[]) => apiCall('PUT /api/Notification/markRead', { body: { Ids } }),
  markAllRead: () => apiCall('PUT /api/Notification/markAllRead'),
  getSettings: () => apiCall('GET /api/Notification/getSettings', { background: true }),
  updateSettings: (s: NotificationSettingsInput) => apiCall('PUT /api/Notification/updateSettings', { body: s }),
};

/** Tells the header's bell to count again (a notification was read on the feed page). */
export const UNREAD_CHANGED_EVENT = 'rf:notifications-read';
export const announceUnreadChanged = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
};
