// What the Watch and Notification endpoints answer (PascalCase, as the product's API): derived
// from their contract (lib/api/contract/watch.ts), so the client and the server read one shape.
import type { z } from 'zod';
import type { AnswerOf } from '@/lib/api/client';
import type { companyChangeAnswer } from '@/lib/api/contract/watch';
import type { NotificationSettingsInput } from './schemas';

export type WatchedCompany = AnswerOf<'GET /api/Watch/getWatchedCompanies'>['Items'][number];
export type WatchedGroup = AnswerOf<'GET /api/Watch/getWatchedGroups'>['Items'][number];
export type WatchStatus = AnswerOf<'GET /api/Watch/getWatchStatus'>;

export type CompanyChangeItem = z.output<typeof companyChangeAnswer>;

export type NotificationItem = AnswerOf<'GET /api/Notification/getNotifications'>['Items'][number];


export type NotificationSettings = NotificationSettingsInput;
