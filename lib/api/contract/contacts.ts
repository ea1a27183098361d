// The contract of the contacts endpoints (contacte și rețele sociale): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { noContentAnswer, paged } from './answers';
import { cuiQuery } from '@/lib/company/schemas';
import { addContactSchema, companyContactsQuerySchema, contactIdParams, contactIdQuery, contactListBodySchema, socialMediaListBodySchema } from '@/lib/contacts/schemas';
import { updatePrivacySchema, userContactsFilterSchema } from '@/lib/users/schemas';

// ── answers (lib/contacts/types.ts and lib/users/types.ts derive their types from them) ──
/** One contact as every contact endpoint answers it (IsOwn: the caller added it; CompanyName on the admin page). */
const contactAnswer = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  Name: z.string().nullable(),
  Role: z.string().nullable(),
  Phone: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Email: z.string().nullable(),
  Private: z.boolean(),
  IsOwn: z.boolean(),
  CompanyName: z.string().optional(),
});
const socialMediaAnswer = z.object({ Id: z.number().int(), Platform: z.string(), Url: z.string() });
/** One card of the admin contacts page. */
const companyContactsItemAnswer = z.object({
  Cui: z.number().int(),
  Name: z.string(),
  CaenCode: z.string().nullable(),
  NetProfit: z.number(),
  NetTurnover: z.number(),
  AverageNumberOfEmployees: z.number(),
  SocialMedia: z.array(socialMediaAnswer),
  Contacts: z.array(contactAnswer),
});
/** A row of the users' contacts (administration). */
const userContactAnswer = contactAnswer
  .pick({ Id: true, Name: true, Role: true, PhoneNumber: true, Email: true, Private: true })
  .extend({ CompanyName: z.string(), Cui: z.number().int() });
const contactList = z.array(contactAnswer);

export const contactsContract = endpoints({
  'GET /api/Contact/getContactsByCompany': {
    access: 'public',
    summary: 'Contactele publice ale unei firme',
    query: cuiQuery,
    answer: contactList,
  },
  'GET /api/Contact/getUserContactsByCompany': {
    access: 'user',
    summary: 'Contactele adăugate de utilizator la o firmă',
    query: cuiQuery,
    answer: contactList,
  },
  'GET /api/Contact/getContactsByUserId': {
    access: 'user',
    summary: 'Contactele adăugate de utilizator',
    query: cuiQuery,
    answer: contactList,
  },
  // Signed in; the contacts policy narrows it: Admin every contact, the approved claimant the
  // unowned ones and their own, any other user their own.
  'GET /api/Contact/getByCompanyCui': {
    access: 'user',
    summary: 'Contactele unei firme pe care utilizatorul le poate vedea',
    query: cuiQuery,
    answer: contactList,
  },
  'GET /api/Contact/getEditRights': {
    access: 'user',
    summary: 'Ce contacte ale firmei poate modifica utilizatorul',
    query: cuiQuery,
    answer: z.object({ CanEditOwn: z.boolean(), CanEditPublic: z.boolean(), CanEditAll: z.boolean() }),
  },
  'GET /api/Contact/getCompanyContacts': {
    access: 'admin',
    summary: 'Toate contactele unei firme (administrator)',
    query: companyContactsQuerySchema,
    answer: paged(companyContactsItemAnswer).extend({ PageNumber: z.number().int() }),
  },
  'POST /api/Contact/addOrUpdateUnverifiedContacts': {
    access: 'user',
    summary: 'Adaugă sau modifică contacte neverificate',
    query: cuiQuery,
    body: contactListBodySchema,
    answer: contactList,
  },
  // Admin or the approved claimant of the company (policy), 403 for anyone else.
  'POST /api/Contact/addOrUpdate': {
    access: 'user',
    summary: 'Adaugă sau modifică contactele firmei (administrator sau titularul firmei)',
    query: cuiQuery,
    body: contactListBodySchema,
    answer: contactList,
  },
  'POST /api/Contact/add': {
    access: 'user',
    summary: 'Adaugă un contact propriu la o firmă',
    body: addContactSchema,
    answer: contactAnswer,
  },
  'DELETE /api/Contact/deleteUserContact': {
    access: 'user',
    summary: 'Șterge un contact propriu',
    query: contactIdQuery,
    answer: noContentAnswer,
  },
  // Any contact the caller may edit (Admin any, claimant the unowned ones, owner their own); else 404.
  'DELETE /api/Contact/[id]': {
    access: 'user',
    summary: 'Șterge un contact',
    params: contactIdParams,
    answer: noContentAnswer,
  },
  'GET /api/SocialMedia/getSocialMediaForCompany': {
    access: 'public',
    summary: 'Rețelele sociale ale unei firme',
    query: cuiQuery,
    answer: z.array(socialMediaAnswer),
  },
  // Admin or the approved claimant of the company (policy), 403 for anyone else.
  'POST /api/SocialMedia/addOrUpdate': {
    access: 'user',
    summary: 'Adaugă sau modifică rețelele sociale ale firmei',
    query: cuiQuery,
    body: socialMediaListBodySchema,
    answer: z.array(socialMediaAnswer),
  },
  'GET /api/Contact/getUserContacts': {
    access: 'admin',
    summary: 'Contactele adăugate de utilizatori (administrator)',
    query: userContactsFilterSchema,
    answer: paged(userContactAnswer),
  },
  'PUT /api/Contact/updatePrivacy': {
    access: 'admin',
    summary: 'Schimbă vizibilitatea unui contact (administrator)',
    body: updatePrivacySchema,
    answer: z.object({ Id: z.number(), Private: z.boolean() }),
  },
});
