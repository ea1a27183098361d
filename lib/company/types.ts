// The JSON shapes of the company endpoints, shared by the route handlers (built in
// server/company/) and the client components. Types only: components/ may not import server/.
// Field names are the documented PascalCase ones; dates are ISO 'YYYY-MM-DD' strings.
import type { CompanySearchItem } from '../search/types';

export type GrowthStatus = 'up' | 'down' | 'equal' | null;

export type MetricValue = {
  Value: number | null;
  /** Percent change against the previous available year (2 decimals); null without a usable base. */
  Growth: number | null;
  GrowthStatus: GrowthStatus;
};

/** The 21 yearly metrics, in the documented order. */
export const YEAR_METRIC_KEYS = [
  'Employees',
  'NetLoss',
  'NetProfit',
  'GrossLoss',
  'GrossProfit',
  'TotalExpenses',
  'TotalIncome',
  'NetTurnover',
  'KingdomHeritage',
  'SubscribedCapital',
  'TotalCapitals',
  'Provisions',
  'IncomeInAdvance',
  'Debts',
  'ExpensesInAdvance',
  'CashRegisterAndBankAccounts',
  'Receivables',
  'Stocks',
  'TotalCirculatingAssets',
  'TotalImmobilisedAssets',
  'InsolvencyRisk',
] as const;
export type YearMetricKey = (typeof YEAR_METRIC_KEYS)[number];

export type CompanyDetailsByYear = Record<YearMetricKey, MetricValue>;

export type YearDetails = { Year: number; CompanyDetails: CompanyDetailsByYear };

export type CaenRef = { Code: string; Description: string | null };

export type StatusEntry = { Code: number; Name: string; Date: string | null };

export type SocialMediaEntry = { Id: number; Platform: string; Url: string };

export type RepresentativeEntry = { Name: string; Role: string | null; PhoneNumber: string | null; Email: string | null };

export type CompanyDetails = {
  Cui: number;
  Name: string;
  RegistrationCode: string | null;
  Euid: string | null;
  LegalForm: string | null;
  FullAddress: string | null;
  County: string | null;
  CountyId: number | null;
  Prefecture: string | null;
  PrefectureId: number | null;
  PostalCode: string | null;
  EstablishmentDate: string | null;
  /** Whole years since the establishment date. */
  ActivityYears: number | null;
  CaenCode: string | null;
  CaenDescription: string | null;
  /** Rev.3 class(es) the main Rev.2 code corresponds to. */
  CaenRev3: CaenRef[];
  OtherCaenCodes: CaenRef[];
  /** Years with financial statements, latest first (the default selected year is the first). */
  Years: number[];
  LastYear: number | null;
  LastUpdate: string | null;
  InsolvencyRisk: number | null;
  HasInsolvencyRisk: boolean;
  CompanyGroupName: string | null;
  Status: string | null;
  StatusCode: number;
  IsActive: boolean;
  Statuses: StatusEntry[];
  SocialMedia: SocialMediaEntry[];
  /** An Admin approved a claim on this company. */
  IsClaimed: boolean;
  /** Filled by the accounts issue's endpoints; empty here. */
  ContactsForEdit: unknown[];
  SocialMediaForEdit: unknown[];
  AverageNumberOfEmployees: number;
  NetTurnover: number;
  NetProfit: number;
  HasTenders: boolean;
  HasEuProjects: boolean;
  Website: string | null;
  Representatives: RepresentativeEntry[];
};

export type GraphRow = { Year: number; Turnover: number; Profit: number; Employees: number };
export type SeriesRow = { Year: number; Value: number | null };

export type StatisticType = 'Turnover' | 'Profit' | 'Employees';
export type Statistic = {
  Type: StatisticType;
  HasGrowth: boolean | null;
  SpikeYear: number | null;
  /** true up, false down, null no spike */
  HasUpwardSpike: boolean | null;
};

export type InsolvencyByYear = {
  Year: number;
  InsolvencyRisk: number | null;
  Growth: number | null;
  GrowthStatus: GrowthStatus;
};

export type RankingLocation = 'All' | 'County' | 'Prefecture';
export type RankingItem = {
  Cui: number;
  Name: string;
  Position: number | null;
  Value: number | null;
  NetTurnover: number;
  NetProfit: number;
  IsCurrent: boolean;
};
export type Ranking = {
  Location: RankingLocation;
  OrderBy: string;
  CaenCode: string | null;
  CaenDescription: string | null;
  LocationName: string | null;
  TopCompanies: RankingItem[];
  CompetitorCompanies: RankingItem[];
};

/** A company in a list (lib/search/types.ts) with its county and prefecture: similar companies, CAEN and customers. */
export type CompanyCardItem = CompanySearchItem & {
  County: string | null;
  Prefecture: string | null;
};

export type PagedList<T> = { Items: T[]; Count: number; NumberOfPages: number; PageNumber: number };

export type SimilarOrder = 'County' | 'Turnover' | 'Profit' | 'Employees' | 'CaenCode';

export type TenderRow = {
  Id: number;
  Title: string;
  Company: string;
  /** null for a supplier registered abroad (no Romanian CUI): see ColaboratorTaxId and ColaboratorCountry */
  ColaboratorCUI: number | null;
  /** a foreign supplier's tax identifier (e.g. a VAT number), null for a Romanian partner */
  ColaboratorTaxId: string | null;
  /** a foreign supplier's country, null for a Romanian partner */
  ColaboratorCountry: string | null;
  CompanyIsSupplier: boolean;
  CPV: string | null;
  EstimatedValue: number | null;
  FinalValue: number | null;
  PublishDate: string | null;
  FinishDate: string | null;
  /** false for a partner that is not in the company register (e.g. a public institution): no page to link to */
  IsCompany: boolean;
};

export type EuProjectRow = {
  Id: number;
  Code: string;
  Name: string;
  StartDate: string | null;
  EndDate: string | null;
  TotalCost: number;
  EcContribution: number;
  Urls: string[];
  /** The status code (e.g. CLO); closed when it contains CLO. */
  Status: string;
  Topic: string | null;
  Objective: string | null;
};

export type CollaborationRow = { Name: string; Cui: number; NumberOfCollaborations: number; IsCompany: boolean };

export type CollaborationNode = {
  CompanySourceCui: number;
  CompanyTargetCui: number;
  CompanyTargetName: string;
  Level: number;
  NumberOfCollaborations: number;
};

/** A contact as the contact endpoints answer it (lib/contacts/types.ts). */
export type { ContactDto as PublicContact } from '@/lib/contacts/types';

/** Everything the server-rendered company page needs, fetched in one go. */
/** Official source of one block of the company page and the date of its data (decision 024). */
export type DataSourceKind = 'onrc' | 'mf' | 'sicap' | 'eu';
export type DataSourceNote = {
  Source: DataSourceKind;
  /** 'ONRC', 'Ministerul Finanțelor', 'SICAP', 'Fonduri UE' */
  Label: string;
  /** ISO date of the newest data that holds the company */
  DataDate: string;
};

export type CompanyPageData = {
  details: CompanyDetails;
  /** The official sources of the page's blocks; empty for the generated demo companies. */
  sources: DataSourceNote[];
  years: YearDetails[];
  graph: GraphRow[];
  statistics: Statistic[];
  similar: PagedList<CompanyCardItem>;
};
