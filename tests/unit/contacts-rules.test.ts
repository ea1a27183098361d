// Pure rules of contacts and claims: the policy predicates, the query schemas of the new
// endpoints, the claim-status transitions and the helpers of the admin pages.
import { canEditContact, canEditPublicData, canSeeContact, isPublicContact } from '@/server/contacts/policy';
import { canMoveClaim } from '@/server/claims/policy';
import { companyContactsQuerySchema, addContactSchema } from '@/lib/contacts/schemas';
import { claimRequestsQuerySchema, updateClaimStatusQuerySchema } from '@/lib/claims/schemas';
import { nextClaimOrder, claimStatusText } from '@/components/claims/claims-review';
import { flagsToSocialValue } from '@/components/contacts/admin-contacts';
import { contactsChanged } from '@/components/contacts/edit-contacts-modal';
import { socialFilterToFlags } from '@/lib/filters';
import type { Actor } from '@/server/auth/actor';

const user = (id: number): Actor => ({ userId: id, userName: `u${id}`, roles: ['User'] });
const admin: Actor = { userId: 99, userName: 'admin', roles: ['Admin'] };
const row = (userId: number | null, isPrivate = false, isDeleted = false) => ({ userId, isPrivate, isDeleted });

describe('contacts policy', () => {
  it('public = neither private nor deleted, whoever added it', () => {
    expect(isPublicContact(row(null))).toBe(true);
    expect(isPublicContact(row(5))).toBe(true);
    expect(isPublicContact(row(5, true))).toBe(false);
    expect(isPublicContact(row(null, false, true))).toBe(false);
  });
  it('a private contact is seen by its owner (and in administration by the Admin), never by another user or anonymous', () => {
    expect(canSeeContact(null, row(5, true))).toBe(false);
    expect(canSeeContact(user(6), row(5, true))).toBe(false);
    expect(canSeeContact(user(5), row(5, true))).toBe(true);
    expect(canSeeContact(admin, row(5, true))).toBe(true);
    expect(canSeeContact(user(5), row(5, false, true))).toBe(false);
  });
  it('edit: owner, Admin any, the approved claimant the unowned ones only', () => {
    expect(canEditContact(user(5), row(5), false)).toBe(true);
    expect(canEditContact(user(6), row(5), false)).toBe(false);
    expect(canEditContact(user(6), row(null), false)).toBe(false);
    expect(canEditContact(user(6), row(null), true)).toBe(true);
    expect(canEditContact(user(6), row(5), true)).toBe(false);
    expect(canEditContact(admin, row(5, true), false)).toBe(true);
    expect(canEditContact(admin, row(5, false, true), false)).toBe(false);
    expect(canEditPublicData(user(6), false)).toBe(false);
    expect(canEditPublicData(user(6), true)).toBe(true);
    expect(canEditPublicData(admin, false)).toBe(true);
  });
});

describe('claim status', () => {
  it('pending goes to approved or rejected, those two swap, nothing stays or goes back', () => {
    expect(canMoveClaim(null, true)).toBe(true);
    expect(canMoveClaim(null, false)).toBe(true);
    expect(canMoveClaim(true, false)).toBe(true);
    expect(canMoveClaim(false, true)).toBe(true);
    expect(canMoveClaim(true, true)).toBe(false);
    expect(updateClaimStatusQuerySchema.safeParse({ requestCompanyId: '3', status: '' }).success).toBe(false);
    expect(updateClaimStatusQuerySchema.parse({ requestCompanyId: '3', status: 'false' })).toEqual({ requestCompanyId: 3, status: false });
  });
  it('statusId: a single space (or nothing) is pending; true/false; anything else is refused', () => {
    const parse = (statusId: unknown) => claimRequestsQuerySchema.safeParse({ statusId });
    expect(parse(' ').data?.statusId).toBeNull();
    expect(parse(undefined).data?.statusId).toBeNull();
    expect(parse('true').data?.statusId).toBe(true);
    expect(parse('false').data?.statusId).toBe(false);
    expect(parse('maybe').success).toBe(false);
    expect(parse(' ').data).toEqual(expect.objectContaining({ pageNumber: 1, pageSize: 8, orderBy: 'name', SearchText: '' }));
    expect(claimRequestsQuerySchema.safeParse({ orderBy: 'createdDate_desc' }).success).toBe(true);
    expect(claimRequestsQuerySchema.safeParse({ orderBy: 'email' }).success).toBe(false);
  });
  it('the review page: first click ascending, the next adds _desc; status texts', () => {
    expect(nextClaimOrder('name', 'createdDate')).toBe('createdDate');
    expect(nextClaimOrder('createdDate', 'createdDate')).toBe('createdDate_desc');
    expect(nextClaimOrder('createdDate_desc', 'createdDate')).toBe('createdDate');
    expect([null, true, false].map((s) => claimStatusText(s))).toEqual(['În așteptare', 'Acceptat', 'Respins']);
  });
});

describe('contacts page filter', () => {
  it('parses the six social flags and HasWebsite with the search filter', () => {
    const q = companyContactsQuerySchema.parse({ HasFacebook: 'true', HasWebsite: 'false', HasEmail: 'true', CountyId: '40' });
    expect(q).toEqual(expect.objectContaining({ HasFacebook: true, HasWebsite: false, HasEmail: true, CountyId: 40, PageSize: 12, OrderBy: 'Profit_desc' }));
    expect(companyContactsQuerySchema.safeParse({ HasYouTube: 'poate' }).success).toBe(false);
  });
  it('"Toate" sets the five flags and reads back as Toate; one platform reads back as itself', () => {
    expect(flagsToSocialValue(socialFilterToFlags('Toate'))).toBe('Toate');
    expect(flagsToSocialValue(socialFilterToFlags('Linkedin'))).toBe('Linkedin');
    expect(flagsToSocialValue(socialFilterToFlags('Website'))).toBe('Website');
    expect(flagsToSocialValue(socialFilterToFlags(null))).toBeNull();
  });
  it('POST Contact/add needs the company and the row rules', () => {
    expect(addContactSchema.safeParse({ Name: 'Ion' }).success).toBe(false);
    expect(addContactSchema.safeParse({ CompanyId: 12, Role: 'Doar rol' }).success).toBe(false);
    expect(addContactSchema.safeParse({ CompanyId: 12, Name: 'Ion' }).success).toBe(true);
  });
});

describe('edit modal change detection', () => {
  const saved = [{ Id: 1, Name: 'Ion', Role: '', Email: '', Phone: '', Private: false }];
  it('no change, an edit, whitespace only, an added row, a removed row', () => {
    expect(contactsChanged([{ ...saved[0] }], saved)).toBe(false);
    expect(contactsChanged([{ ...saved[0], Name: 'Ion ' }], saved)).toBe(false);
    expect(contactsChanged([{ ...saved[0], Private: true }], saved)).toBe(true);
    expect(contactsChanged([...saved, { Id: 0, Name: '' }], saved)).toBe(true);
    expect(contactsChanged([], saved)).toBe(true);
  });
});
