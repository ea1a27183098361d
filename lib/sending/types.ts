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
  WillSend: number;
  DailyLimit: number;
  SentLast24h: number;
  RemainingToday: number;
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
