// What the Watch and Notification endpoints answer (PascalCase, as the product's API).
import type { NotificationSettingsInput } from './schemas';

export type WatchedCompany = { Cui: number; Name: string; County: string | null; Status: string | null; IsActive: boolean; FollowedAt: string };
export type WatchedGroup = { GroupId: number; Name: string; CompanyCount: number; FollowedAt: string };
export type WatchStatus = { IsWatched: boolean; WatchedThroughGroups: string[] };

export type CompanyChangeItem = {
  Id: number;
  Cui: number;
  Kind: string;
  OldValue: string | null;
  NewValue: string | null;
  Source: string;
  DataDate: string;
  CreatedAt: string;
};

export type NotificationItem = CompanyChangeItem & { NotificationId: number; CompanyName: string; ReadAt: string | null };

export type UnreadCount = { Count: number };

export type NotificationSettings = NotificationSettingsInput;
