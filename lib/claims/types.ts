// Answer shapes of the claim endpoints.

/** One claim request (Status: null pending, true approved, false rejected). */
export type ClaimRequestDto = {
  Id: number;
  Name: string;
  Phone: string;
  Email: string;
  CompanyName: string;
  CompanyCUI: number;
  Description: string | null;
  CreatedDate: string;
  UpdatedDate: string | null;
  Status: boolean | null;
};

export type ClaimRequestsPage = { Items: ClaimRequestDto[]; Count: number; NumberOfPages: number };
