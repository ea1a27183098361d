import { CHANGE_KINDS, describeChange, formatChangeValue } from '@/lib/watch/kinds';
import { markReadSchema, notificationSettingsSchema, notificationsQuerySchema } from '@/lib/watch/schemas';

describe('change lines', () => {
  it('says what changed, with amounts in lei and the year of new statements', () => {
    expect(describeChange({ Kind: 'name', OldValue: 'VECHI SRL', NewValue: 'NOU SRL' })).toBe('Denumirea: VECHI SRL → NOU SRL');
    expect(describeChange({ Kind: 'financial_year', OldValue: '2023', NewValue: '2024' })).toBe('Situații financiare pentru anul 2024');
    expect(describeChange({ Kind: 'turnover', OldValue: '2000000', NewValue: '12000000' })).toMatch(/^Cifra de afaceri \(praguri\): 2.000.000 lei → 12.000.000 lei$/);
    expect(describeChange({ Kind: 'tender_won', OldValue: null, NewValue: 'Servicii (100 lei, Primăria X)' })).toBe('Licitație câștigată (SICAP): Servicii (100 lei, Primăria X)');
    expect(formatChangeValue('employees', '60')).toBe('60');
    expect(formatChangeValue('status', null)).toBe('—');
  });
});

describe('schemas', () => {
  const settings = { Kinds: Object.fromEntries(CHANGE_KINDS.map((k) => [k, 'feed'])), EmailMode: 'digest', DigestHour: '9', EmailEnabled: true };
  it('settings: every kind with a channel, an hour 0–23 with a Romanian message', () => {
    expect(notificationSettingsSchema.parse(settings).DigestHour).toBe(9);
    const wrong = notificationSettingsSchema.safeParse({ ...settings, DigestHour: 24 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe('Ora este între 0 și 23.');
    expect(notificationSettingsSchema.safeParse({ ...settings, Kinds: { ...settings.Kinds, name: 'sms' } }).success).toBe(false);
  });
  it('feed query and mark read', () => {
    expect(notificationsQuerySchema.parse({ Kind: '', UnreadOnly: 'true' })).toEqual({ Kind: '', UnreadOnly: true, PageNumber: 1 });
    expect(notificationsQuerySchema.safeParse({ Kind: 'nimic' }).error?.issues[0].message).toBe('Tipul de modificare nu este valid.');
    expect(markReadSchema.safeParse({ Ids: [] }).success).toBe(false);
  });
});
