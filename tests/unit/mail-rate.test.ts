// The per-provider mail rates (server/sending/rate.ts, decision 052): the setting's form, the
// bucket of an address, and the claim size a sender may take within its lease.
import { env } from '@/server/kernel/env';
import { claimSize, domainRateOf, parseDomainRates, resetDomainRates } from '@/server/sending/rate';

afterEach(() => resetDomainRates());

test('MAIL_DOMAIN_RATES names a bucket, its domains and its rate; anything else refuses to start', () => {
  expect(parseDomainRates('gmail=gmail.com, googlemail.com:1200; yahoo=yahoo.ro:600')).toEqual([
    { bucket: 'gmail', perMinute: 1200, domains: ['gmail.com', 'googlemail.com'] },
    { bucket: 'yahoo', perMinute: 600, domains: ['yahoo.ro'] },
  ]);
  expect(parseDomainRates('')).toEqual([]);
  expect(() => parseDomainRates('gmail.com:1200')).toThrow(/MAIL_DOMAIN_RATES/);
  expect(() => parseDomainRates('gmail=gmail.com:0')).toThrow(/MAIL_DOMAIN_RATES/);
});

test('an address takes the bucket of its domain (any case); other domains only the global rate', () => {
  const saved = env.MAIL_DOMAIN_RATES;
  env.MAIL_DOMAIN_RATES = 'microsoft=outlook.com,hotmail.com:300';
  try {
    expect(domainRateOf('Ana@HOTMAIL.com')?.bucket).toBe('microsoft');
    expect(domainRateOf('ion@outlook.com')?.perMinute).toBe(300);
    expect(domainRateOf('ion@outlook.com.ro')).toBeNull();
    expect(domainRateOf('x@firma.ro')).toBeNull();
  } finally {
    env.MAIL_DOMAIN_RATES = saved;
  }
});

test('a sender claims no more than a quarter of what the whole rate sends in one lease', () => {
  const saved = { rate: env.MAIL_RATE_PER_MINUTE, lease: env.MAIL_LEASE_SECONDS };
  try {
    env.MAIL_RATE_PER_MINUTE = 60;
    env.MAIL_LEASE_SECONDS = 120;
    expect(claimSize(100)).toBe(30);
    env.MAIL_RATE_PER_MINUTE = 6000;
    expect(claimSize(100)).toBe(100);
    env.MAIL_RATE_PER_MINUTE = 1;
    env.MAIL_LEASE_SECONDS = 1;
    expect(claimSize(100)).toBe(1);
  } finally {
    env.MAIL_RATE_PER_MINUTE = saved.rate;
    env.MAIL_LEASE_SECONDS = saved.lease;
  }
});
