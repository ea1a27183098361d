// Filter counts of the advanced-search panel (decision 026): how many companies each option of a
// filter would give under the other active filters. GET /api/Company/getCompanyFacets answers it.

export type FacetValue = { Value: boolean; Count: number };

export type CompanyFacets = {
  /** matches of the whole filter */
  Count: number;
  Counties: { Id: number; Count: number }[];
  /** per 4-digit CAEN code (the panel's CAEN options) */
  Caen: { Code: string; Count: number }[];
  /** per CAEN section letter (A–U), the sum of its codes */
  CaenSections: { Section: string; Count: number }[];
  Statuses: { Code: number; Count: number }[];
  /** per preset range of the panel (lib/filters EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES) */
  Employees: { Min: number; Max: number; Count: number }[];
  Turnover: { Min: number; Max: number; Count: number }[];
  Profit: { Min: number; Max: number; Count: number }[];
  /** per contact option (CONTACT_FILTER_OPTIONS Id) */
  Contact: { Id: number; Count: number }[];
  InsolvencyRisk: FacetValue[];
  Bids: FacetValue[];
  EuropeanProjects: FacetValue[];
  /**
   * The fact filters (decisions 107, 115), after each company's last good ANAF check: a company
   * never checked counts under neither Value, so true + false may be fewer than Count.
   */
  VatPayer: FacetValue[];
  Inactive: FacetValue[];
  EFactura: FacetValue[];
  /** named in the latest arrears list of its category (never unknown: true + false = Count) */
  TaxArrears: FacetValue[];
  /** per risk band A–E, all five in that order; a company never scored is in none */
  RiskBands: { Band: string; Count: number }[];
};

/** Answer of getCompanyFacets: Available false while the search engine loads or when it is switched off. */
export type CompanyFacetsAnswer = { Available: boolean; Facets: CompanyFacets | null };
