// Where a webhook may go (issue 50, docs/decisions/096): only public unicast addresses in
// production, checked for every address a name resolves to; https only in production.
import { checkTargetUrl, isPublicAddress, resolveTarget, UnsafeTargetError } from '@/server/webhooks/address';

const PROD = { production: true };
const DEV = { production: false };
const answers = (...list: string[]) => async () => list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['172.16.0.1', false],
    ['172.31.255.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['93.184.216.34', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('checkTargetUrl', () => {
  it('refuses http in production, allows it in development', () => {
    expect(() => checkTargetUrl('http://example.com/hook', PROD)).toThrow(UnsafeTargetError);
    expect(checkTargetUrl('http://example.com/hook', DEV).hostname).toBe('example.com');
    expect(checkTargetUrl('https://example.com/hook', PROD).hostname).toBe('example.com');
  });

  it('refuses other schemes, credentials and private IP literals in production', () => {
    expect(() => checkTargetUrl('ftp://example.com/', DEV)).toThrow('http(s)');
    expect(() => checkTargetUrl('https://user:pass@example.com/', PROD)).toThrow('utilizator');
    for (const url of ['https://127.0.0.1/', 'https://10.1.2.3:8443/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/', 'https://[::ffff:7f00:1]/']) {
      expect(() => checkTargetUrl(url, PROD)).toThrow('nu este publică');
    }
    expect(() => checkTargetUrl('not a url', PROD)).toThrow('URL valid');
  });
});

describe('resolveTarget (after DNS)', () => {
  it('refuses a name that resolves to loopback, private or link-local in production', async () => {
    for (const ip of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', 'fd00::5']) {
      await expect(resolveTarget('https://hooks.example.com/x', PROD, answers(ip))).rejects.toThrow(`adresa ${ip}`);
    }
  });

  it('refuses a name with one private answer among public ones (the client might pick it)', async () => {
    await expect(resolveTarget('https://hooks.example.com/x', PROD, answers('93.184.216.34', '10.0.0.1'))).rejects.toThrow('10.0.0.1');
  });

  it('gives the checked address to connect to', async () => {
    const t = await resolveTarget('https://hooks.example.com/x', PROD, answers('93.184.216.34'));
    expect({ address: t.address, family: t.family, host: t.url.hostname }).toEqual({ address: '93.184.216.34', family: 4, host: 'hooks.example.com' });
  });

  it('an IP literal is not looked up; a name that does not resolve is refused', async () => {
    const lookup = jest.fn(answers('8.8.8.8'));
    await expect(resolveTarget('https://127.0.0.1:9/x', PROD, lookup)).rejects.toThrow(UnsafeTargetError);
    expect(lookup).not.toHaveBeenCalled();
    await expect(
      resolveTarget('https://nowhere.example/x', PROD, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toThrow('nu poate fi rezolvat');
  });

  it('outside production a local receiver is allowed', async () => {
    const t = await resolveTarget('http://127.0.0.1:4000/hook', DEV);
    expect(t.address).toBe('127.0.0.1');
  });
});
