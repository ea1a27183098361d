// Answer schemas: the JSON each endpoint answers, as a client reads it (dates as ISO strings).
// Precise for the developer surface (docs/decisions/068); checked against the real answers in
// development and tests (server/http/route.ts) and by the contract test.
import { z } from 'zod';

/** An answer this table does not describe in detail yet; any JSON (or none) is accepted. */
export const unknownAnswer = z.unknown();

/** No body (204), or a body nobody reads. */
export const noContentAnswer = z.undefined();

/** The session's token pair (also set as the session cookie). */
export const tokenPairAnswer = z.object({ AccessToken: z.string(), RefreshToken: z.string() });

/** Every refusal and error: a Romanian message, a code, the invalid fields (400) and the request id (500). */
export const errorBodySchema = z.object({
  Message: z.string(),
  Code: z.string(),
  Errors: z.record(z.string(), z.array(z.string())).optional(),
  RequestId: z.string().optional(),
});

// ── shared by the other endpoints: true at the top level, open below it ──

/** { Message }: a change done, in Romanian. */
export const messageAnswer = z.object({ Message: z.string() });
export const listAnswer = z.array(z.looseObject({}));
export const pagedAnswer = z.object({ Items: z.array(z.unknown()), Count: z.number(), NumberOfPages: z.number() });
export const idAnswer = z.object({ Id: z.number() });
export const idNameAnswer = z.object({ Id: z.number(), Name: z.string() });
export const updatedAnswer = z.object({ Updated: z.number() });
/** A user as the administration pages show it. */
export const userAnswer = z.object({ Id: z.number(), Name: z.string(), Email: z.string(), GroupsNumber: z.number(), ContactsNumber: z.number(), AccountCreatedDate: z.string(), Role: z.string(), RoleId: z.number(), IsBlocked: z.boolean(), UserName: z.string() });

// ── the developer surface (precise) ──

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ Items: z.array(item), Count: z.number().int().meta({ description: 'Numărul total de rezultate' }), NumberOfPages: z.number().int() });
const pagedWithPage = <T extends z.ZodType>(item: T) => paged(item).extend({ PageNumber: z.number().int() });
const growthStatus = z.enum(['up', 'down', 'equal']).nullable();
/** One financial indicator of a year: its value, the change from the year before (%) and its direction. */
const yearMetric = z.object({ Value: z.number().nullable(), Growth: z.number().nullable(), GrowthStatus: growthStatus });
const codeDescription = z.object({ Code: z.string(), Description: z.string().nullable() });

/** A company in a search result. */
export const companyCard = z.object({
  Cui: z.number().int().meta({ description: 'Codul unic de înregistrare (fără RO)' }),
  Name: z.string(),
  RegistrationCode: z.string().nullable().meta({ description: 'Numărul de ordine în Registrul Comerțului' }),
  CaenCode: z.string().nullable(),
  CaenDescription: z.string().nullable(),
  NetTurnover: z.number().meta({ description: 'Cifra de afaceri netă a ultimului an (lei)' }),
  NetProfit: z.number().meta({ description: 'Profitul net al ultimului an (lei; negativ = pierdere)' }),
  AverageNumberOfEmployees: z.number(),
  Address: z.string().nullable(),
});

/** GET /api/Company/getCompanies: IsCountCapped only when the count stopped at its cap. */
export const companiesAnswer = paged(companyCard).extend({ IsCountCapped: z.literal(true).optional() });

const countOf = <T extends z.ZodRawShape>(shape: T) => z.array(z.object({ ...shape, Count: z.number().int() }));
const range = { Min: z.number(), Max: z.number() };
const yesNo = { Value: z.boolean() };

/** GET /api/Company/getCompanyFacets: null Facets when the search engine cannot count them. */
export const companyFacetsAnswer = z.object({
  Available: z.boolean(),
  Facets: z
    .object({
      Count: z.number().int(),
      Counties: countOf({ Id: z.number().int() }),
      Caen: countOf({ Code: z.string() }),
      CaenSections: countOf({ Section: z.string() }),
      Statuses: countOf({ Code: z.number().int() }),
      Employees: countOf(range),
      Turnover: countOf(range),
      Profit: countOf(range),
      Contact: countOf({ Id: z.number().int() }),
      InsolvencyRisk: countOf(yesNo),
      Bids: countOf(yesNo),
      EuropeanProjects: countOf(yesNo),
      VatPayer: countOf(yesNo),
      Inactive: countOf(yesNo),
      EFactura: countOf(yesNo),
      TaxArrears: countOf(yesNo),
      RiskBands: countOf({ Band: z.enum(['A', 'B', 'C', 'D', 'E']) }),
    })
    .nullable(),
});

export const companyStatusesAnswer = z.array(z.object({ Id: z.number().int(), Code: z.number().int(), Name: z.string() }));
export const caensForFilterAnswer = z.array(z.object({ Code: z.string(), Description: z.string() }));
export const countiesAnswer = z.array(z.object({ Id: z.number().int(), County: z.string() }));
export const prefecturesAnswer = z.array(z.object({ Id: z.number().int(), Prefecture: z.string() }));
export const topCountiesAnswer = z.array(z.object({ Id: z.number().int(), Name: z.string(), CompaniesNr: z.number().int() }));
export const topCaensAnswer = z.array(z.object({ Code: z.string(), Description: z.string(), CompaniesNr: z.number().int() }));

/** POST /api/Company/getAcqusitions: public tenders (SEAP) won or organised by the company. */
export const tendersAnswer = pagedWithPage(
  z.object({
    Id: z.number().int(),
    Title: z.string(),
    Company: z.string(),
    ColaboratorCUI: z.number().int().nullable(),
    ColaboratorTaxId: z.string().nullable(),
    ColaboratorCountry: z.string().nullable(),
    CompanyIsSupplier: z.boolean(),
    CPV: z.string().nullable(),
    EstimatedValue: z.number().nullable(),
    FinalValue: z.number().nullable(),
    PublishDate: z.string().nullable(),
    FinishDate: z.string().nullable(),
    IsCompany: z.boolean(),
  }),
);

export const euProjectsAnswer = pagedWithPage(
  z.object({
    Id: z.number().int(),
    Code: z.string(),
    Name: z.string(),
    StartDate: z.string().nullable(),
    EndDate: z.string().nullable(),
    TotalCost: z.number(),
    EcContribution: z.number(),
    Urls: z.array(z.string()),
    Status: z.string(),
    Topic: z.string().nullable(),
    Objective: z.string().nullable(),
  }),
);

const rankedCompany = z.object({
  Cui: z.number().int(),
  Name: z.string(),
  Position: z.number().int().nullable(),
  Value: z.number().nullable(),
  NetTurnover: z.number(),
  NetProfit: z.number(),
  IsCurrent: z.boolean(),
});

/** GET /api/Company/getCompanyRanking and getInsolvencyRanking. */
export const rankingAnswer = z.object({
  Location: z.enum(['All', 'County', 'Prefecture']),
  OrderBy: z.string(),
  CaenCode: z.string().nullable(),
  CaenDescription: z.string().nullable(),
  LocationName: z.string().nullable(),
  TopCompanies: z.array(rankedCompany),
  CompetitorCompanies: z.array(rankedCompany),
});

/** One indicator per year (getInsolvencyRiskForGraph, getDetailsForGraph with a type). */
export const yearSeriesAnswer = z.array(z.object({ Year: z.number().int(), Value: z.number().nullable() }));

/** GET /api/Company/getDetailsForGraphs: turnover, profit and employees per year. */
export const graphRowsAnswer = z.array(z.object({ Year: z.number().int(), Turnover: z.number(), Profit: z.number(), Employees: z.number() }));

/** GET /api/Company/getDetailsForGraph: one indicator when `type` is given, else the three. */
export const detailsForGraphAnswer = z.union([yearSeriesAnswer, graphRowsAnswer]);

export const insolvencyByYearAnswer = z.object({
  Year: z.number().int(),
  InsolvencyRisk: z.number().nullable(),
  Growth: z.number().nullable(),
  GrowthStatus: growthStatus,
});

const YEAR_METRICS = [
  'Employees', 'NetLoss', 'NetProfit', 'GrossLoss', 'GrossProfit', 'TotalExpenses', 'TotalIncome', 'NetTurnover',
  'KingdomHeritage', 'SubscribedCapital', 'TotalCapitals', 'Provisions', 'IncomeInAdvance', 'Debts', 'ExpensesInAdvance',
  'CashRegisterAndBankAccounts', 'Receivables', 'Stocks', 'TotalCirculatingAssets', 'TotalImmobilisedAssets', 'InsolvencyRisk',
] as const;

/** GET /api/Company/getDetailsByYear: the year's balance sheet and profit and loss account. */
export const detailsByYearAnswer = z.object({
  Year: z.number().int(),
  CompanyDetails: z.object(Object.fromEntries(YEAR_METRICS.map((k) => [k, yearMetric])) as Record<(typeof YEAR_METRICS)[number], typeof yearMetric>),
});

/** GET /api/Company/getDetails: the company page's header. */
export const companyDetailsAnswer = z.object({
  Cui: z.number().int(),
  Name: z.string(),
  RegistrationCode: z.string().nullable(),
  Euid: z.string().nullable(),
  LegalForm: z.string().nullable(),
  FullAddress: z.string().nullable(),
  County: z.string().nullable(),
  CountyId: z.number().int().nullable(),
  Prefecture: z.string().nullable(),
  PrefectureId: z.number().int().nullable(),
  PostalCode: z.string().nullable(),
  EstablishmentDate: z.string().nullable(),
  ActivityYears: z.number().nullable(),
  CaenCode: z.string().nullable(),
  CaenDescription: z.string().nullable(),
  CaenRev3: z.array(codeDescription),
  OtherCaenCodes: z.array(codeDescription),
  Years: z.array(z.number().int()),
  LastYear: z.number().int().nullable(),
  LastUpdate: z.string().nullable(),
  InsolvencyRisk: z.number().nullable(),
  HasInsolvencyRisk: z.boolean(),
  CompanyGroupName: z.string().nullable(),
  Status: z.string().nullable(),
  StatusCode: z.number().int(),
  IsActive: z.boolean(),
  Statuses: z.array(z.object({ Code: z.number().int(), Name: z.string(), Date: z.string().nullable() })),
  SocialMedia: z.array(z.object({ Id: z.number().int(), Platform: z.string(), Url: z.string() })),
  IsClaimed: z.boolean(),
  ContactsForEdit: z.array(z.unknown()),
  SocialMediaForEdit: z.array(z.unknown()),
  AverageNumberOfEmployees: z.number(),
  NetTurnover: z.number(),
  NetProfit: z.number(),
  HasTenders: z.boolean(),
  HasEuProjects: z.boolean(),
  Website: z.string().nullable(),
  Representatives: z.array(z.object({ Name: z.string(), Role: z.string().nullable(), PhoneNumber: z.string().nullable(), Email: z.string().nullable() })),
});

/** A company in a list with its county and prefecture: similar companies, CAEN and customers. */
const companyCardItem = companyCard.extend({ County: z.string().nullable(), Prefecture: z.string().nullable() });

/** GET /api/Company/getCompanyByCaen: ReachableCount is how many pages of it may be opened. */
export const companiesByCaenAnswer = pagedWithPage(companyCardItem).extend({
  ReachableCount: z.number().int(),
});

/** GET /api/Company/getSimilarCompanies. */
export const similarCompaniesAnswer = pagedWithPage(companyCardItem);

/** GET /api/Company/getCompanyForCustomers: the CAEN classes the text matched. */
export const customersAnswer = pagedWithPage(companyCardItem).extend({ MatchedCaen: z.array(z.object({ Code: z.string(), Description: z.string() })) });

/** GET /api/Company/getCollaborations: the partners of public tenders (IsCompany false: not in the register). */
export const collaborationsAnswer = pagedWithPage(z.object({ Name: z.string(), Cui: z.number().int(), NumberOfCollaborations: z.number().int(), IsCompany: z.boolean() }));

/** GET /api/Company/getTop10Collaborations: the network's edges, level by level. */
export const collaborationNetworkAnswer = z.array(
  z.object({ CompanySourceCui: z.number().int(), CompanyTargetCui: z.number().int(), CompanyTargetName: z.string(), Level: z.number().int(), NumberOfCollaborations: z.number().int() }),
);

// ── the owner's groups ──

const groupRole = z.enum(['Autor', 'Membru']);
export const groupsForCompanyAnswer = z.array(z.object({ GroupId: z.number().int(), GroupName: z.string(), IsSelected: z.boolean() }));
export const groupsAnswer = paged(
  z.object({
    Id: z.number().int(),
    Name: z.string(),
    CompaniesNumber: z.number().int(),
    CreatedBy: z.string(),
    Role: groupRole,
    AccessToEdit: z.boolean(),
    Members: z.number().int(),
  }),
);
export const groupAnswer = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Role: groupRole,
  CompaniesNumber: z.number().int(),
  CreatedBy: z.string(),
  AccessToEdit: z.boolean(),
  Members: z.array(z.object({ Id: z.number().int(), UserName: z.string(), Access: z.enum(['View', 'Edit']), IsOwner: z.boolean() })),
});
export const companyGroupsAnswer = paged(
  z.object({
    CompanyGroupId: z.number().int(),
    GroupId: z.number().int(),
    Cui: z.number().int(),
    Name: z.string(),
    Turnover: z.number(),
    Profit: z.number(),
    Employees: z.number(),
    GroupName: z.string(),
    CaenCode: z.string().nullable(),
    CaenDescription: z.string().nullable(),
    AccessToEdit: z.boolean(),
  }),
);

// ── the browser's own lists (the typed client, issue 29): precise, as the components read them ──

/** A deleted group or template, restorable for 30 days (ISO dates). */
export const deletedItemAnswer = z.object({ Id: z.number().int(), Name: z.string(), DeletedOn: z.string(), RestorableUntil: z.string() });
