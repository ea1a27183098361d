// What the draft endpoints answer (PascalCase, as the product's API).

export type MailDraftDetails = {
  Id: number;
  GroupedMailId: number;
  TemplateId: number | null;
  TemplateName: string | null;
  /** The email subject. */
  Name: string;
  Description: string;
  Content: string;
  Tags: string[];
  CompanyIds: number[];
  GroupIds: number[];
  CompaniesNumber: number;
  CreatedOn: string;
  CreatedBy: string;
  /** The saved search the draft also targets (issue 27): its matches join when the draft is sent. */
  Segment: { SavedSearchId: number; Name: string } | null;
};

export type MailAddress = { Mail: string; Status: string | null; IsOpened: boolean };

/** One recipient company of a draft (a row of the Listă firme tab). */
export type DraftCompany = {
  /** Id of the draft-company row: what deleteMailSend?id removes. */
  MailSendId: number;
  CompanyCui: number;
  Name: string;
  GroupId: number | null;
  GroupName: string | null;
  HasMail: boolean;
  /** The addresses joined by ", " ('' when none). */
  Email: string;
  Mails: MailAddress[];
};

export type DraftListItem = {
  Id: number;
  GroupedMailId: number;
  Name: string;
  TemplateId: number | null;
  Template: string | null;
  CreatedOn: string;
  CreatedBy: string;
  CompaniesNumber: number;
};

type DraftGroupOption = {
  Id: number;
  Name: string;
  /** Companies in the group now. */
  CompaniesNumber: number;
  /** Of the draft's recipients, how many came from this group. */
  DraftCompaniesNumber: number;
};

export type DraftGroups = { Groups: DraftGroupOption[]; DraftCompaniesNumber: number };
