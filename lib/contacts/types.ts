// Answer shapes of the contact and social-media endpoints (PascalCase, as the API answers),
// derived from their contract (lib/api/contract/contacts.ts).
import type { AnswerOf } from '@/lib/api/client';

/** One contact as every contact endpoint answers it (IsOwn: the caller added it, theirs to edit and delete; CompanyName: on the admin page). */
export type ContactDto = AnswerOf<'GET /api/Contact/getByCompanyCui'>[number];

export type SocialMediaDto = AnswerOf<'GET /api/SocialMedia/getSocialMediaForCompany'>[number];

/**
 * What the caller may change on a company's contacts (GET /api/Contact/getEditRights): CanEditOwn
 * every signed-in user; CanEditPublic (public contacts, social links) Admin or the approved
 * claimant; CanEditAll (other users' contacts too) Admin only.
 */
export type ContactEditRights = AnswerOf<'GET /api/Contact/getEditRights'>;

export type CompanyContactsPage = AnswerOf<'GET /api/Contact/getCompanyContacts'>;

/** One card of the admin contacts page. */
export type CompanyContactsItem = CompanyContactsPage['Items'][number];
