import { MESSAGES } from '@/lib/shared/schemas';
import {
  CONTACT_MESSAGES,
  SOCIAL_PLATFORMS,
  contactListSchema,
  contactSchema,
  isValidRomanianPhone,
  socialMediaEditRows,
  socialMediaEntrySchema,
  socialMediaToSend,
} from '@/lib/contacts/schemas';
import { WEB_URL_MESSAGE } from '@/lib/shared/safe-url';
import { issuesOf } from './schemas-helpers';

describe('isValidRomanianPhone', () => {
  it.each([
    '0721234567',
    '0721 234 567',
    '0721-234-567',
    '021 123 4567',
    '0311234567',
    '(0)721234567',
    '+40721234567',
    '+40 721 234 567',
    '+400721234567',
    '+40 (0)21 123 4567',
    '0040 721 234 567',
    '0040721234567',
    '023112345', // 0 + 3 + 7 digits
  ])('accepts %p', (phone) => {
    expect(isValidRomanianPhone(phone)).toBe(true);
  });

  it.each([
    '721234567', // no 0
    '0821234567', // 8 after 0
    '0121234567',
    '07212345', // 6 digits after 7
    '072123456789', // 9 digits after 7
    '+41721234567', // other country
    '+40 8 21234567',
    '0721.234.567', // dots are not allowed
    'tel 0721234567',
    '',
  ])('refuses %p', (phone) => {
    expect(isValidRomanianPhone(phone)).toBe(false);
  });
});

describe('contactSchema', () => {
  it('accepts a row with any single field except Role', () => {
    expect(issuesOf(contactSchema, { Id: 0, Name: 'Ion' })).toEqual({});
    expect(issuesOf(contactSchema, { Phone: '0721234567' })).toEqual({});
    expect(issuesOf(contactSchema, { Email: 'ion@firma.ro' })).toEqual({});
    expect(issuesOf(contactSchema, { Role: 'Director', Phone: '0721234567' })).toEqual({});
  });

  it('refuses an empty row', () => {
    expect(issuesOf(contactSchema, { Id: 0, Name: '', Role: ' ', Phone: '', Email: '' })).toEqual({
      Name: ['Este necesar cel puțin un câmp completat.'],
    });
    expect(issuesOf(contactSchema, {})).toEqual({ Name: [CONTACT_MESSAGES.atLeastOneField] });
  });

  it('refuses a row with only a role', () => {
    expect(issuesOf(contactSchema, { Role: 'Director' })).toEqual({ Role: ['Nu se poate adăuga doar câmpul Rol.'] });
  });

  it('validates phone and email and caps each field at 50', () => {
    expect(issuesOf(contactSchema, { Name: 'Ion', Phone: '12345' })).toEqual({
      Phone: ['Numărul de telefon nu este valid.'],
    });
    expect(issuesOf(contactSchema, { Name: 'Ion', Email: 'x@y' })).toEqual({ Email: [MESSAGES.email] });
    expect(issuesOf(contactSchema, { Name: 'a'.repeat(50) })).toEqual({});
    expect(issuesOf(contactSchema, { Email: `${'a'.repeat(41)}@firma.ro` })).toEqual({});
    expect(issuesOf(contactSchema, { Name: 'a'.repeat(51), Role: 'r'.repeat(51) })).toEqual({
      Name: [MESSAGES.maxLength(50)],
      Role: [MESSAGES.maxLength(50)],
    });
    expect(issuesOf(contactSchema, { Name: 'Ion', Email: `${'a'.repeat(42)}@firma.ro` })).toEqual({
      Email: [MESSAGES.maxLength(50)],
    });
  });

  it('reports row rules and field rules together', () => {
    expect(issuesOf(contactSchema, { Role: 'Director', Email: 'bad' })).toEqual({ Email: [MESSAGES.email] });
    expect(issuesOf(contactListSchema, [{ Name: 'Ion' }, { Role: 'Șef' }])).toEqual({
      '1.Role': [CONTACT_MESSAGES.onlyRole],
    });
  });

  it('normalises missing fields to empty strings', () => {
    expect(contactSchema.parse({ Id: 3, Name: ' Ion ', Private: true })).toEqual({
      Id: 3,
      Name: 'Ion',
      Role: '',
      Phone: '',
      Email: '',
      Private: true,
    });
  });
});

describe('social media', () => {
  it('has the six platforms in edit order', () => {
    expect(SOCIAL_PLATFORMS).toEqual(['Website', 'Instagram', 'Facebook', 'Twitter', 'LinkedIn', 'Youtube']);
  });

  it('allows an empty URL and at most 200 characters', () => {
    expect(issuesOf(socialMediaEntrySchema, { Platform: 'Facebook', Url: '' })).toEqual({});
    expect(issuesOf(socialMediaEntrySchema, { Platform: 'Facebook', Url: 'https://f.ro/' + 'x'.repeat(187) })).toEqual({});
    expect(issuesOf(socialMediaEntrySchema, { Platform: 'Facebook', Url: 'https://f.ro/' + 'x'.repeat(188) })).toEqual({
      Url: [MESSAGES.maxLength(200)],
    });
    expect(socialMediaEntrySchema.safeParse({ Platform: 'TikTok', Url: '' }).success).toBe(false);
  });

  // Issue 23: a social link is rendered as an href on public pages.
  it.each(['https://www.facebook.com/firma', 'http://firma.ro', 'HTTPS://Firma.ro/a?b=1#c', '  https://firma.ro  '])('accepts the web address %p', (Url) => {
    expect(issuesOf(socialMediaEntrySchema, { Platform: 'Website', Url })).toEqual({});
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.ro',
    'ftp://firma.ro',
    'file:///etc/passwd',
    'www.firma.ro',
    '//firma.ro',
    'https://',
  ])('refuses %p with the Romanian message', (Url) => {
    expect(issuesOf(socialMediaEntrySchema, { Platform: 'Facebook', Url })).toEqual({ Url: [WEB_URL_MESSAGE] });
  });

  it('sends only entries with a URL', () => {
    expect(
      socialMediaToSend([
        { Platform: 'Website', Url: 'https://firma.ro' },
        { Platform: 'Facebook', Url: '  ' },
        { Platform: 'Twitter', Url: null },
      ]),
    ).toEqual([{ Platform: 'Website', Url: 'https://firma.ro' }]);
  });

  it('builds the six edit rows from what exists', () => {
    const rows = socialMediaEditRows([{ Id: 4, Platform: 'linkedin', Url: 'https://linkedin.com/x' }]);
    expect(rows.map((r) => r.Platform)).toEqual([...SOCIAL_PLATFORMS]);
    expect(rows[4]).toEqual({ Id: 4, Platform: 'LinkedIn', Url: 'https://linkedin.com/x' });
    expect(rows[0]).toEqual({ Id: 0, Platform: 'Website', Url: '' });
  });
});
