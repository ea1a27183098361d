// The webhook form's schema, the one the server parses (issue 50): Romanian messages, events
// de-duplicated, a description optional.
import { createWebhookSchema, updateWebhookSchema } from '@/lib/webhooks/schemas';

const messages = (input: unknown) => {
  const r = createWebhookSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

test('a complete endpoint parses, events once each, the description defaulted', () => {
  expect(createWebhookSchema.parse({ Url: ' https://exemplu.ro/hooks ', Events: ['company.changed', 'company.changed', 'campaign.opened'] })).toEqual({
    Url: 'https://exemplu.ro/hooks',
    Description: '',
    Events: ['company.changed', 'campaign.opened'],
  });
});

test('what is wrong is said in Romanian, field by field', () => {
  expect(messages({ Url: '', Events: [] })).toEqual(['Url: Acest câmp este necesar.', 'Events: Alegeți cel puțin un eveniment.']);
  expect(messages({ Url: 'exemplu.ro/hooks', Events: ['company.changed'] })).toEqual(['Url: Adresa trebuie să fie un URL complet, de forma https://exemplu.ro/webhooks.']);
  expect(messages({ Url: 'ftp://exemplu.ro/x', Events: ['company.changed'] })).toEqual(['Url: Adresa trebuie să înceapă cu https:// (sau http:// doar în dezvoltare).']);
  expect(messages({ Url: 'https://a:b@exemplu.ro/x', Events: ['company.changed'] })).toEqual(['Url: Adresa nu poate conține utilizator sau parolă.']);
  expect(messages({ Url: 'https://exemplu.ro/x', Events: ['company.deleted'] })).toEqual(['Events.0: Eveniment necunoscut.']);
});

test('an update names its endpoint and whether it is on', () => {
  expect(updateWebhookSchema.safeParse({ Url: 'https://exemplu.ro/x', Events: ['company.changed'] }).success).toBe(false);
  expect(updateWebhookSchema.parse({ Id: 3, Url: 'https://exemplu.ro/x', Events: ['company.changed'], Enabled: false })).toMatchObject({ Id: 3, Enabled: false });
});
