// What the sending endpoints answer (PascalCase, as the product's API).

/** Trimis, Deschis, Interactionat once delivered; the other values while queued or when not sent. */
export type MailStatus = 'Queued' | 'Sending' | 'Trimis' | 'Deschis' | 'Interactionat' | 'Esuat' | 'Suprimat';

/**
 * StatusOn: when the message reached its current status (the Trimis event written at delivery, the
 * first counted Deschis or Interactionat event); null before delivery.
 */
type MailEntry = {
  MailSendId: number;
  Mail: string;
  Status: MailStatus;
  StatusOn: string | null;
  IsOpened: boolean;
  LastError: string | null;
  CommentsNumber: number;
};

/** One company of a sending: its addresses and their statuses. */
export type MailCompanyEntry = {
  CompanyCui: number;
  Name: string;
  GroupName: string | null;
  HasMail: boolean;
  /** The first address (the list shows one row per address through Mails). */
  Email: string;
  MailSendId: number;
  Mails: MailEntry[];
};

export type SentMailing = {
  GroupedMailId: number;
  SendOn: string;
  /** The subject. */
  Name: string;
  TemplateName: string | null;
  SendBy: string;
  NumberOfOpenedMails: number;
  NumberOfTotalMails: number;
  /** Messages not delivered yet (queued or being sent). */
  NumberOfPendingMails: number;
  IsAuthor: boolean;
  /** Issue 28: when a scheduled sending's messages become due (null: sent at once). */
  ScheduledFor: string | null;
};

export type { Paged } from '@/lib/shared/paged';

export type CompanySentSummary = { Company: string; Cui: number; NumberOfMails: number; LastSendOn: string };

export type CompanyTemplateMails = {
  GroupedMailId: number;
  Name: string;
  SendOn: string;
  Mails: { MailSendId: number; Mail: string; Status: MailStatus; StatusOn: string | null }[];
};

export type MailComment = {
  Id: number;
  Content: string;
  Comment: string;
  MailId: number;
  CreatedBy: string;
  CreatedOn: string;
  IsEditable: boolean;
};

export type SendSummary = {
  /** Distinct addresses the draft reaches today. */
  Recipients: number;
  /** Addresses that will be skipped (on the suppression list), with the reason. */
  Suppressed: number;
  Unsubscribed: number;
  Bounced: number;
  /** Companies of the draft without any address. */
  CompaniesWithoutEmail: number;
  /** Companies a send now would reach: the draft's own and its saved search's matches (issue 27). */
  Companies: number;
  WillSend: number;
  DailyLimit: number;
  SentLast24h: number;
  RemainingToday: number;
  /** Issue 28: the From the recipients see and the Reply-To of their answers. */
  From: string;
  ReplyTo: string | null;
};

export type SendResult = { GroupedMailId: number; Queued: number; Suppressed: number; AlreadySent: boolean };

export const STATUS_LABELS: Record<MailStatus, string> = {
  Queued: 'În așteptare',
  Sending: 'Se trimite',
  Trimis: 'Trimis',
  Deschis: 'Deschis',
  Interactionat: 'Interacționat',
  Esuat: 'Eșuat',
  Suprimat: 'Dezabonat',
};

// ── campaigns (issue 28) ──

/** Who the recipients see the message from, and where their answers go (the draft page shows both). */
export type SenderPreview = { From: string; ReplyTo: string | null };

export type SendTestResult = { SentTo: string; Company: string };

/** The counts of one sending (or of all the sendings of a template), machine opens and clicks left out. */
export type ResultCounts = {
  Total: number;
  Queued: number;
  Sent: number;
  Deferred: number;
  Failed: number;
  Suppressed: number;
  Bounced: number;
  Complaints: number;
  Opened: number;
  Clicked: number;
  Unsubscribed: number;
};

/** Rates over the delivered messages (Sent), 0..1; null before anything was delivered. */
export type ResultRates = { Opened: number | null; Clicked: number | null; Bounced: number | null; Unsubscribed: number | null };

export type SendingResults = {
  GroupedMailId: number;
  Name: string;
  TemplateId: number | null;
  TemplateName: string | null;
  SendOn: string | null;
  ScheduledFor: string | null;
  /** True while messages are still queued: the page polls. */
  IsRunning: boolean;
  /** The caller wrote the sending (the follow-up and the schedule are theirs to change). */
  IsAuthor: boolean;
  /** The author, before the scheduled time and before any message was taken. */
  CanChangeSchedule: boolean;
  Counts: ResultCounts;
  Rates: ResultRates;
  FollowUp: FollowUpInfo | null;
  Links: { Url: string; Clicks: number; Recipients: number }[];
  /** Hourly buckets (UTC start) of first opens and first clicks. */
  Timeline: { At: string; Opened: number; Clicked: number }[];
};

export type TemplateResults = {
  TemplateId: number;
  Name: string;
  Counts: ResultCounts;
  Rates: ResultRates;
  Sendings: { GroupedMailId: number; Name: string; SendOn: string | null; Counts: ResultCounts; Rates: ResultRates }[];
};

export type FollowUpInfo = {
  TemplateId: number;
  TemplateName: string;
  Days: number;
  Condition: 'NotOpened' | 'NotClicked';
  DueAt: string;
  Status: 'Pending' | 'Done' | 'Cancelled';
  FollowUpMailId: number | null;
};
