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
 * A result page. `Count` is exact up to SEARCH_COUNT_CAP (10,000); above it the count is capped at
 * SEARCH_COUNT_CAP + 1 and the page says "peste 10.000" (docs/decisions/005).
 */
export type CompanySearchPage = {
  Items: CompanySearchItem[];
  NumberOfPages: number;
  Count: number;
};
