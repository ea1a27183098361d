import { z } from 'zod';
import { commentContentSchema } from '@/lib/groups/schemas';
import { dbId, dbIdNumber, queryNumberWithDefault, queryText } from '@/lib/shared/schemas';

const id = dbId;

/** POST /api/MailSend/addMailComment */
export const addMailCommentSchema = z.object({ Comment: commentContentSchema, MailId: id() });
/** PUT /api/MailSend/editComment */
export const editMailCommentSchema = z.object({ Id: id(), Comment: commentContentSchema });
/** PUT /api/MailSend/virtualDeleteComment?id */
export const deleteMailCommentQuery = z.object({ id: id() });
/** GET /api/MailSend/getMailComments?mailSendId */
export const mailCommentsQuery = z.object({ mailSendId: id() });

/**
 * POST /api/MailSend/sendMails. Content (the HTML the editor shows) is accepted for the client's
 * sake but never sent: what reaches recipients is rendered on the server from the saved design.
 */
export const sendMailsSchema = z.object({
  MailDraftId: id(),
  Content: z.string().max(5_000_000).nullish(),
});

const HISTORY_ORDERS = ['SendOn', 'SendOn_desc', 'Name', 'Name_desc'] as const;
const HISTORY_PAGE_SIZE = 10;

/** GET /api/MailSend/getMailsHistory: newest first unless told otherwise. */
export const mailsHistoryQuery = z.object({
  OrderBy: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(HISTORY_ORDERS).default('SendOn_desc')),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
  PageSize: queryNumberWithDefault(HISTORY_PAGE_SIZE, { int: true, min: 1, max: 100 }),
});

/** GET /api/MailSend/getMailsHistoryByGroup */
export const mailsHistoryByGroupQuery = mailsHistoryQuery.extend({ GroupId: id() });

export const COMPANIES_PAGE_SIZE = 50;

/** GET /api/MailSend/getCompaniesMailByGroup?groupedMailId&groupId (groupId optional: the whole sending). */
export const companiesMailByGroupQuery = z.object({
  groupedMailId: id(),
  groupId: z.preprocess((v) => (v === '' || v == null ? undefined : v), id().optional()),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
});

/** GET /api/MailSend/getMailsByCompanies?companyCui */
export const mailsByCompaniesQuery = z.object({ companyCui: id() });

const SENT_COMPANIES_ORDERS = ['Name', 'Name_desc', 'NumberOfMails', 'NumberOfMails_desc', 'LastSendOn', 'LastSendOn_desc'] as const;
export const SENT_COMPANIES_PAGE_SIZE = 20;

/** GET /api/MailSend/getCompaniesSendedMails */
export const companiesSendedMailsQuery = z.object({
  OrderBy: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(SENT_COMPANIES_ORDERS).default('Name')),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 }),
});

/** GET /api/MailSend/getSendSummary?groupedMailId (our own: what the draft page shows before sending). */
export const sendSummaryQuery = z.object({ groupedMailId: id() });

/** The comment form of the mail comments dialog (the same rule the server applies to Comment). */
export const mailCommentFormSchema = z.object({ Comment: commentContentSchema });

/**
 * The send-template-to-groups dialog: a template must be chosen (Trimite stays disabled until
 * then). The groups come from the Grupuri page or are ticked in the dialog; opened from a template
 * with none ticked, the draft starts empty (002 §4: a draft is created with empty recipients).
 */
export const sendToGroupsSchema = z.object({
  MailTemplateId: z.coerce.number({ error: 'Alegeți un template.' }).int().min(1, 'Alegeți un template.'),
  GroupIds: z.array(dbIdNumber()).default([]),
});

// ── campaigns (issue 28) ──

/** POST /api/MailSend/sendTest: a test of the draft to the author's own address. */
export const sendTestSchema = z.object({
  MailDraftId: id(),
  Cui: z.coerce.number({ error: 'Alegeți o firmă.' }).int().min(1, 'Alegeți o firmă.').max(2_147_483_647, 'Alegeți o firmă.'),
});
export type SendTestInput = z.infer<typeof sendTestSchema>;

/** The test-send dialog: the company whose merge fields the test carries. */
export const sendTestFormSchema = sendTestSchema.pick({ Cui: true });

/** GET /api/MailSend/getSendingResults?groupedMailId */
export const sendingResultsQuery = z.object({ groupedMailId: id() });

/** GET /api/MailSend/getTemplateResults?templateId */
export const templateResultsQuery = z.object({ templateId: id() });

/** A date and time typed in Bucharest time (a datetime-local field). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Alegeți data și ora.');

/** The send dialog of the draft page: now, or at a date and time; optionally only in the window. */
export const scheduleFormSchema = z
  .object({
    When: z.enum(['now', 'later']),
    ScheduledAt: z.string().optional(),
    UseWindow: z.boolean(),
    /** Decision 109: leave out the companies already in the user's CRM (shown when a CRM is connected). */
    ExcludeInCrm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.When === 'later' && !localDateTime.safeParse(v.ScheduledAt).success) {
      ctx.addIssue({ code: 'custom', path: ['ScheduledAt'], message: 'Alegeți data și ora.' });
    }
  });
export type ScheduleFormInput = z.infer<typeof scheduleFormSchema>;

/** POST /api/MailSend/sendMails, issue 28: ScheduledAt (Bucharest time) and UseWindow are optional. */
export const sendMailsScheduledSchema = sendMailsSchema.extend({
  ScheduledAt: localDateTime.nullish(),
  UseWindow: z.boolean().optional(),
  /** Decision 109: leave out the companies the sender's CRMs already hold (absent: sent to all, as before). */
  ExcludeInCrm: z.boolean().optional(),
});

/** PUT /api/MailSend/rescheduleSending */
export const rescheduleSchema = z.object({ MailDraftId: id(), ScheduledAt: localDateTime });
/** PUT /api/MailSend/cancelScheduledSending */
export const cancelScheduleSchema = z.object({ MailDraftId: id() });

/** POST /api/inbound/bounce?rcpt: the envelope recipient of the inbound report (the VERP address). */
export const inboundBounceQuery = z.object({ rcpt: z.string().max(320).optional() });

const FOLLOW_UP_CONDITIONS = ['NotOpened', 'NotClicked'] as const;

/** PUT /api/MailSend/setFollowUp: one follow-up step of a sending (the form and the server). */
export const followUpSchema = z.object({
  GroupedMailId: id(),
  MailTemplateId: z.coerce.number({ error: 'Alegeți un template.' }).int().min(1, 'Alegeți un template.').max(2_147_483_647),
  Days: z.coerce.number({ error: 'Alegeți numărul de zile.' }).int('Alegeți un număr întreg de zile.').min(1, 'Cel puțin o zi.').max(60, 'Cel mult 60 de zile.'),
  Condition: z.enum(FOLLOW_UP_CONDITIONS, { error: 'Alegeți cui se trimite.' }),
});
export type FollowUpInput = z.infer<typeof followUpSchema>;
export const followUpFormSchema = followUpSchema.omit({ GroupedMailId: true });

/** PUT /api/MailSend/cancelFollowUp */
export const cancelFollowUpSchema = z.object({ GroupedMailId: id() });
