// Pure rules of contacts and claims (the contact policy's forms are proved against the database
// in tests/integration/rule-private-contact.test.ts): the query schemas of the new
// endpoints, the claim-status transitions and the helpers of the admin pages.
import { canMoveClaim } from '@/server/claims/policy';
import { companyContactsQuerySchema, addContactSchema } from '@/lib/contacts/schemas';
import { claimRequestsQuerySchema, updateClaimStatusQuerySchema } from '@/lib/claims/schemas';
import { nextClaimOrder, claimStatusText } from '@/components/claims/claims-review';
import { flagsToSocialValue } from '@/components/contacts/admin-contacts';
import { contactsChanged } from '@/components/contacts/edit-contacts-modal';
import { socialFilterToFlags } from '@/lib/filters';

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
