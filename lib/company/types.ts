// The JSON shapes of the company endpoints, shared by the route handlers (built in
// server/company/) and the client components. Types only: components/ may not import server/.
// Field names are the documented PascalCase ones; dates are ISO 'YYYY-MM-DD' strings.
import type { AnswerOf } from '../api/client';
import type { CompanyRisk } from '../risk/types';
import type { YearMetricKey } from './metric-keys';

type GrowthStatus = 'up' | 'down' | 'equal' | null;

export type MetricValue = {
  Value: number | null;
  /** Percent change against the previous available year (2 decimals); null without a usable base. */
  Growth: number | null;
  GrowthStatus: GrowthStatus;
};

export { YEAR_METRIC_KEYS, type YearMetricKey } from './metric-keys';

export type CompanyDetailsByYear = Record<YearMetricKey, MetricValue>;

export type YearDetails = { Year: number; CompanyDetails: CompanyDetailsByYear };

export type CaenRef = { Code: string; Description: string | null };

export type StatusEntry = { Code: number; Name: string; Date: string | null };

export type SocialMediaEntry = { Id: number; Platform: string; Url: string };

type RepresentativeEntry = { Name: string; Role: string | null; PhoneNumber: string | null; Email: string | null };

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

type StatisticType = 'Turnover' | 'Profit' | 'Employees';
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
/** The company's ranking (getCompanyRanking, getInsolvencyRanking), as its contract describes it. */
export type Ranking = AnswerOf<'GET /api/Company/getCompanyRanking'>;
export type RankingItem = Ranking['TopCompanies'][number];

/** A company in a list (lib/search/types.ts) with its county and prefecture: similar companies, CAEN and customers. */
export type CompanyCardItem = AnswerOf<'GET /api/Company/getSimilarCompanies'>['Items'][number];

export type PagedList<T> = { Items: T[]; Count: number; NumberOfPages: number; PageNumber: number };

export type SimilarOrder = 'County' | 'Turnover' | 'Profit' | 'Employees' | 'CaenCode';

/** A tender (ColaboratorCUI null for a supplier registered abroad, see ColaboratorTaxId and ColaboratorCountry; IsCompany false for a partner not in the register). */
export type TenderRow = AnswerOf<'POST /api/Company/getAcqusitions'>['Items'][number];

/** A European project (Status: the status code, e.g. CLO; closed when it contains CLO). */
export type EuProjectRow = AnswerOf<'GET /api/Company/getEuropeanProjects'>['Items'][number];

export type CollaborationRow = AnswerOf<'GET /api/Company/getCollaborations'>['Items'][number];

export type CollaborationNode = AnswerOf<'GET /api/Company/getTop10Collaborations'>[number];

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
  /** The default score, credit limit and sector benchmarks (null: no statements). */
  risk: CompanyRisk | null;
};
