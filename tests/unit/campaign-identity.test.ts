// The sender identity of a campaign message (issue 28, decision 057): the platform's address with
// the author's name, and a display name that nothing typed can turn into a second header or address.
import { env } from '@/server/kernel/env';
import { fromAddress, senderDisplayName, senderIdentity } from '@/server/sending/identity';

test('the display name is the author\'s, cleaned of what a header could misread', () => {
  expect(senderDisplayName('Ana Popescu')).toBe('Ana Popescu prin RadarFirme');
  expect(senderDisplayName('Ana\r\nBcc: victima@exemplu.ro')).toBe('Ana Bcc victima exemplu.ro prin RadarFirme');
  expect(senderDisplayName('"Șef" <sef@rau.example>, x')).toBe('Șef sef rau.example x prin RadarFirme');
  expect(senderDisplayName('   ')).toBe('RadarFirme');
  expect(senderDisplayName('a'.repeat(300)).length).toBeLessThanOrEqual(80 + ' prin RadarFirme'.length);
});

test('From keeps the platform\'s address (DMARC alignment); Reply-To only for a confirmed address', () => {
  expect(fromAddress('RadarFirme <no-reply@radarfirme.ro>')).toBe('no-reply@radarfirme.ro');
  expect(fromAddress('campanii@radarfirme.ro')).toBe('campanii@radarfirme.ro');
  const saved = env.CAMPAIGN_FROM;
  env.CAMPAIGN_FROM = 'Campanii <campanii@radarfirme.ro>';
  try {
    expect(senderIdentity({ userName: 'Ana Popescu', email: 'ana@firma.ro', emailVerified: true })).toEqual({
      from: { name: 'Ana Popescu prin RadarFirme', address: 'campanii@radarfirme.ro' },
      replyTo: 'ana@firma.ro',
    });
    expect(senderIdentity({ userName: 'Ana', email: 'ana@firma.ro', emailVerified: false }).replyTo).toBeNull();
  } finally {
    env.CAMPAIGN_FROM = saved;
  }
});
