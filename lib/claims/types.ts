// Answer shapes of the claim endpoints, derived from their contract (lib/api/contract/company.ts).
import type { AnswerOf } from '@/lib/api/client';

/** One claim request (Status: null pending, true approved, false rejected). */
export type ClaimRequestDto = AnswerOf<'POST /api/Company/UpdateRequestCompanyStatus'>;

export type ClaimRequestsPage = AnswerOf<'GET /api/Company/GetCompaniesRequests'>;
