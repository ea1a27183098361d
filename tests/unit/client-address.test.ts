// The front server's client address (server/http/front/client-address.mjs): socket, trusted hops, buckets.
import { addressBucket, CLIENT_ADDRESS_HEADER, clientAddressOf, parseTrustProxy, stampClientAddress } from '../../server/http/front/client-address.mjs';
import type { IncomingMessage } from 'node:http';

test('TRUST_PROXY: unset, empty or false is 0; a hop count; anything else refuses to start', () => {
  expect(parseTrustProxy(undefined)).toBe(0);
  expect(parseTrustProxy('')).toBe(0);
  expect(parseTrustProxy('false')).toBe(0);
  expect(parseTrustProxy('true')).toBe(1);
  expect(parseTrustProxy(' 2 ')).toBe(2);
  expect(() => parseTrustProxy('10.0.0.0/8')).toThrow(/TRUST_PROXY/);
  expect(() => parseTrustProxy('-1')).toThrow(/TRUST_PROXY/);
});

test('no trusted proxy: the socket address, whatever X-Forwarded-For says', () => {
  expect(clientAddressOf('198.51.100.4', '1.2.3.4', 0)).toBe('198.51.100.4');
  expect(clientAddressOf('::ffff:198.51.100.4', '1.2.3.4, 5.6.7.8', 0)).toBe('198.51.100.4');
  expect(clientAddressOf(undefined, undefined, 0)).toBe('unknown');
});

test('n trusted proxies: the entry n places from the right of X-Forwarded-For + socket', () => {
  expect(clientAddressOf('10.0.0.1', 'spoof, 203.0.113.9', 1)).toBe('203.0.113.9');
  expect(clientAddressOf('10.0.0.1', ['spoof, 203.0.113.9', '10.0.0.2'], 2)).toBe('203.0.113.9');
  // Fewer entries than hops: the left-most.
  expect(clientAddressOf('10.0.0.1', '203.0.113.9', 3)).toBe('203.0.113.9');
  expect(clientAddressOf('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
});

test('IPv6 counts by its /64; IPv4-mapped as IPv4; junk is cut to 64 characters', () => {
  expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
  expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(addressBucket('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
  expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
  expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(addressBucket('x'.repeat(100))).toHaveLength(64);
});

test('the stamp replaces every copy of the header the client sent', () => {
  const req = {
    socket: { remoteAddress: '198.51.100.4' },
    headers: { [CLIENT_ADDRESS_HEADER]: '1.1.1.1', 'x-forwarded-for': '2.2.2.2' },
    rawHeaders: ['X-RadarFirme-Client-Address', '1.1.1.1', 'Host', 'h', 'x-radarfirme-client-address', '3.3.3.3'],
  } as unknown as IncomingMessage;
  expect(stampClientAddress(req, 0)).toBe('198.51.100.4');
  expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.4');
  expect(req.rawHeaders).toEqual(['Host', 'h', CLIENT_ADDRESS_HEADER, '198.51.100.4']);
});
