// The events a webhook endpoint can subscribe to (issue 50, docs/decisions/096): their names, the
// Romanian labels of the settings page, and the zod schema of each event's body, which the OpenAPI
// document publishes in its `webhooks` section. Every body has the Standard Webhooks shape
// { type, timestamp, data }.
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'company.changed',
  'group.company_added',
  'saved_search.new_matches',
  'campaign.delivered',
  'campaign.opened',
  'campaign.clicked',
  'campaign.bounced',
  'campaign.unsubscribed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by the "test" button, to the one endpoint it names; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'company.changed': 'O firmă urmărită s-a schimbat (registru, situații financiare, stare fiscală)',
  'group.company_added': 'O firmă a fost adăugată într-un grup partajat',
  'saved_search.new_matches': 'O căutare salvată are firme noi',
  'campaign.delivered': 'Mesaj de campanie livrat',
  'campaign.opened': 'Mesaj de campanie deschis',
  'campaign.clicked': 'Link dintr-un mesaj de campanie accesat',
  'campaign.bounced': 'Mesaj de campanie respins (nelivrat)',
  'campaign.unsubscribed': 'Destinatar dezabonat dintr-o campanie',
};

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D, description: string) =>
  z.object({ type: z.literal(type), timestamp: z.string().describe('Momentul evenimentului (ISO 8601, UTC)'), data }).describe(description);

const campaignData = z.object({
  SendingId: z.number().int().describe('Trimiterea (campania) din care face parte mesajul'),
  MessageId: z.number().int(),
  Cui: z.number().int(),
  Email: z.string().describe('Adresa destinatarului'),
  Url: z.string().optional().describe('Doar la campaign.clicked: linkul accesat'),
});

export const WEBHOOK_EVENT_SCHEMAS = {
  'company.changed': envelope(
    'company.changed',
    z.object({
      ChangeId: z.number().int(),
      Cui: z.number().int(),
      Kind: z.string().describe('Tipul schimbării (de ex. status, name, address, caen, financials)'),
      OldValue: z.string().nullable(),
      NewValue: z.string().nullable(),
      DataDate: z.string().describe('Data la care sursa a publicat schimbarea (AAAA-LL-ZZ)'),
      Url: z.string().describe('Fișa firmei în RadarFirme'),
    }),
    'O firmă pe care o urmăriți (direct sau printr-un grup) s-a schimbat la un import.',
  ),
  'group.company_added': envelope(
    'group.company_added',
    z.object({ GroupId: z.number().int(), GroupName: z.string(), Cui: z.number().int(), AddedByUserId: z.number().int() }),
    'O firmă a fost adăugată într-un grup din care faceți parte (alt membru sau dumneavoastră).',
  ),
  'saved_search.new_matches': envelope(
    'saved_search.new_matches',
    z.object({
      SavedSearchId: z.number().int(),
      Name: z.string().describe('Numele căutării salvate'),
      NewCount: z.number().int().describe('Câte firme noi o potrivesc față de verificarea anterioară'),
      Cuis: z.array(z.number().int()).describe('CUI-urile firmelor noi (cel mult 100, în ordinea căutării)'),
      Url: z.string().describe('Căutarea în RadarFirme'),
    }),
    'O căutare salvată a dumneavoastră are firme noi față de verificarea anterioară (verificată periodic).',
  ),
  'campaign.delivered': envelope('campaign.delivered', campaignData, 'Un mesaj al unei campanii trimise de dumneavoastră a fost predat serverului de e-mail.'),
  'campaign.opened': envelope('campaign.opened', campaignData, 'Primul semnal de deschidere al unui mesaj de campanie.'),
  'campaign.clicked': envelope('campaign.clicked', campaignData, 'Un link dintr-un mesaj de campanie a fost accesat.'),
  'campaign.bounced': envelope('campaign.bounced', campaignData, 'Un mesaj de campanie a fost respins definitiv.'),
  'campaign.unsubscribed': envelope('campaign.unsubscribed', campaignData, 'Destinatarul s-a dezabonat din linkul mesajului.'),
} satisfies Record<WebhookEventType, z.ZodType>;

export const WEBHOOK_TEST_SCHEMA = envelope(
  WEBHOOK_TEST_EVENT,
  z.object({ EndpointId: z.number().int(), Message: z.string() }),
  'Eveniment de probă, trimis din pagina Webhook-uri cu butonul „Trimite un test”.',
);
