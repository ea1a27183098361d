// What the company page and the API show of a company's official checks (issue 48, decision 098).

/** The last check of ANAF's VAT-payer register, as the page's "Verificare fiscală" block shows it. */
export type FiscalCheckDto = {
  Cui: number;
  /** When the last good answer came (ISO); null: never checked successfully. */
  CheckedAt: string | null;
  /** false: ANAF does not know the CUI. */
  Found: boolean | null;
  VatPayer: boolean | null;
  VatSince: string | null;
  VatEndedOn: string | null;
  VatOnCash: boolean | null;
  VatOnCashSince: string | null;
  SplitVat: boolean | null;
  SplitVatSince: string | null;
  Inactive: boolean | null;
  InactiveSince: string | null;
  ReactivatedOn: string | null;
  EFactura: boolean | null;
  EFacturaSince: string | null;
  /** The last attempt that failed after the last good answer (ISO) and why, in Romanian. */
  ErrorAt: string | null;
  Error: string | null;
  /** Older than FISCAL_MAX_AGE_HOURS: a new check is on its way. */
  IsStale: boolean;
};

/** A bulk check as its owner sees it. */
export type FiscalBulkJobDto = {
  Id: number;
  Source: 'group' | 'list' | 'search';
  Label: string;
  Status: 'queued' | 'running' | 'done' | 'failed';
  Total: number;
  Done: number;
  Failed: number;
  CreatedAt: string;
  FinishedAt: string | null;
};

/** A court case naming the company (the courts' portal). */
type CourtCaseDto = {
  Number: string;
  Court: string;
  CaseDate: string | null;
  Object: string;
  Stage: string;
  Role: string;
  /** How the case was tied to the company: its CUI in the party's name, or the name alone (decision 108). */
  Match: 'cui' | 'name';
  NextHearing: string | null;
  IsInsolvency: boolean;
};

/** The stored court cases of a company and when they were looked up. */
export type CourtCasesDto = { CheckedAt: string | null; Error: string | null; Cases: CourtCaseDto[] };

/** A company's tax arrears in ANAF's newest list of debtors that names it (decision 108), in lei. */
export type TaxArrearsDto = {
  /** The newest list imported at all: "not listed" is said against it. */
  NewestListDate: string;
  /** The list naming the company (the end of the quarter it reports); null: not listed. */
  ListDate: string | null;
  Category: 'mari' | 'mijlocii' | 'mici' | 'alte' | null;
  Budgets: Array<{ Budget: string; Principal: number; Accessories: number }>;
  Total: number;
};

/** What an arrears-list import did (the admin upload and `npm run fiscal:import-arrears`, decision 115). */
export type ArrearsImportDto = {
  FileName: string;
  ListDate: string;
  Category: 'mari' | 'mijlocii' | 'mici' | 'alte';
  /** Companies the file names (its lines with an amount). */
  CompaniesInFile: number;
  /** Amounts read (one per company and budget). */
  AmountsRead: number;
  /** Of the file's companies, those RadarFirme knows: the list as stored. */
  CompaniesMatched: number;
  /** Companies in this list and not in its category's previous one: each a monitoring event. */
  NewlyListed: number;
  /** Finished import runs whose changes were sent to followers by this import. */
  RunsNotified: number;
};
