import { CLAIM_MESSAGES, claimSchema } from '@/lib/claims/schemas';
import { MESSAGES } from '@/lib/shared/schemas';
import { issuesOf } from './schemas-helpers';

const valid = {
  Name: 'Ion Popescu',
  Phone: '0721 234 567',
  Email: 'ion@firma.ro',
  Description: '',
  CompanyCUI: 14399840,
};

describe('claimSchema', () => {
  it('accepts a valid claim and coerces the CUI', () => {
    expect(issuesOf(claimSchema, valid)).toEqual({});
    expect(claimSchema.parse({ ...valid, CompanyCUI: '14399840', Description: undefined })).toEqual({
      ...valid,
      CompanyCUI: 14399840,
    });
  });

  it('requires name, phone and email; the message is optional', () => {
    expect(issuesOf(claimSchema, { ...valid, Name: '', Phone: '', Email: '' })).toEqual({
      Name: [MESSAGES.required],
      Phone: [MESSAGES.required],
      Email: [MESSAGES.required],
    });
  });

  it('checks the phone format, then the 10 digits', () => {
    expect(issuesOf(claimSchema, { ...valid, Phone: '12345' })).toEqual({ Phone: [CLAIM_MESSAGES.phoneInvalid] });
    expect(issuesOf(claimSchema, { ...valid, Phone: '+40721234567' })).toEqual({ Phone: [CLAIM_MESSAGES.phoneDigits] });
    expect(issuesOf(claimSchema, { ...valid, Phone: '023112345' })).toEqual({ Phone: [CLAIM_MESSAGES.phoneDigits] });
    expect(issuesOf(claimSchema, { ...valid, Phone: '0721-234-567' })).toEqual({});
  });

  it('validates the email and caps the description at 1000', () => {
    expect(issuesOf(claimSchema, { ...valid, Email: 'x' })).toEqual({ Email: [MESSAGES.email] });
    expect(issuesOf(claimSchema, { ...valid, Description: 'a'.repeat(1000) })).toEqual({});
    expect(issuesOf(claimSchema, { ...valid, Description: 'a'.repeat(1001) })).toEqual({
      Description: [MESSAGES.maxLength(1000)],
    });
  });

  it('refuses a missing or malformed CUI', () => {
    expect(issuesOf(claimSchema, { ...valid, CompanyCUI: 'RO123' })).toEqual({ CompanyCUI: [CLAIM_MESSAGES.cuiInvalid] });
    expect(issuesOf(claimSchema, { ...valid, CompanyCUI: 0 })).toEqual({ CompanyCUI: [CLAIM_MESSAGES.cuiInvalid] });
    expect(claimSchema.safeParse({ ...valid, CompanyCUI: undefined }).success).toBe(false);
  });
});
