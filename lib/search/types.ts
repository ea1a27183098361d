// A company in a result list (search, suggestions) and a result page. The company card, the CAEN
// and customers lists and similar companies answer the same company shape (lib/company/types.ts
// adds County and Prefecture for them).

export type CompanySearchItem = {
  Cui: number;
  Name: string;
  RegistrationCode: string | null;
  CaenCode: string | null;
  CaenDescription: string | null;
  NetTurnover: number;
  NetProfit: number;
  AverageNumberOfEmployees: number;
  Address: string | null;
};

/**
 * A result page. `Count` is exact (the search engine, decision 026); on PostgreSQL alone it is exact
 * up to SEARCH_COUNT_CAP (10,000), above it capped at SEARCH_COUNT_CAP + 1 with IsCountCapped set.
 */
export type CompanySearchPage = {
  Items: CompanySearchItem[];
  NumberOfPages: number;
  Count: number;
  /**
   * True when Count is a capped "more than 10,000"; the search's counts are exact since decision 119
   * (without the index too), so it answers false, and the API leaves the field out (decision 026).
   */
  IsCountCapped?: boolean;
};

/**
 * What the fiscal and risk filters of the search panel need to be shown honestly (decision 107):
 * how many companies have a good ANAF check, and the date of the latest imported arrears list
 * (null: none, so the arrears filter is not offered).
 */
export type FactFilterInfo = { CheckedCompanies: number; ArrearsListDate: string | null };
