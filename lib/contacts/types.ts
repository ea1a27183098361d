// Answer shapes of the contact and social-media endpoints (PascalCase, as the API answers).
/** One contact as every contact endpoint answers it. */
export type ContactDto = {
  Id: number;
  CompanyId: number;
  Name: string | null;
  Role: string | null;
  Phone: string | null;
  PhoneNumber: string | null;
  Email: string | null;
  Private: boolean;
  /** True when the caller added this contact (it is theirs to edit and delete). */
  IsOwn: boolean;
  /** Contacts on the admin page also carry the company's name. */
  CompanyName?: string;
};

export type SocialMediaDto = { Id: number; Platform: string; Url: string };

/** What the caller may change on a company's contacts (GET /api/Contact/getEditRights). */
export type ContactEditRights = {
  /** Own contacts: every signed-in user. */
  CanEditOwn: boolean;
  /** The company's public (verified) contacts and its social links: Admin or the approved claimant. */
  CanEditPublic: boolean;
  /** Every contact of the company, other users' included: Admin only. */
  CanEditAll: boolean;
};

/** One card of the admin contacts page. */
export type CompanyContactsItem = {
  Cui: number;
  Name: string;
  CaenCode: string | null;
  NetProfit: number;
  NetTurnover: number;
  AverageNumberOfEmployees: number;
  SocialMedia: SocialMediaDto[];
  Contacts: ContactDto[];
};

export type CompanyContactsPage = { Items: CompanyContactsItem[]; Count: number; NumberOfPages: number; PageNumber: number };
