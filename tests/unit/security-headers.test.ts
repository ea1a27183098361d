import { documentCsp, newNonce, nonceOfCsp, parseCspAdditions, RESOURCE_CSP, securityHeaders } from '@/lib/security/headers';

/** A policy as { directive: [sources] }. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;

describe('newNonce', () => {
  it('is 128 random bits in base64, different each time, and readable by Next', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newNonce()));
    expect(seen.size).toBe(200);
    for (const n of seen) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOfCsp(documentCsp({ nonce: n, https: false }))).toBe(n);
    }
  });
});

describe('documentCsp', () => {
  const csp = directives(documentCsp({ nonce: 'abc123==', https: false }));

  it('runs scripts only by nonce (and what they load), never inline or eval', () => {
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    const all = Object.values(csp).flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['default-src']).toEqual(["'none'"]);
  });

  it('forbids framing, plugins, base and foreign form targets', () => {
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('keeps inline styles (React style attributes, charts, the e-mail editor) and loads nothing over plain http', () => {
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(Object.values(csp).flat().filter((s) => s === 'http:' || s.startsWith('http://'))).toEqual([]);
  });

  it('upgrades insecure requests only when served over https; eval only in development', () => {
    expect(documentCsp({ nonce: 'n', https: true })).toMatch(/; upgrade-insecure-requests$/);
    expect(documentCsp({ nonce: 'n', https: false })).not.toContain('upgrade-insecure-requests');
    expect(directives(documentCsp({ nonce: 'n', https: false, dev: true }))['script-src']).toContain("'unsafe-eval'");
  });

  it('adds a deployment\'s sources (CSP_ADD) to their directives', () => {
    const add = parseCspAdditions('img-src https://cdn.example.ro;  font-src https://cdn.example.ro https://fonts.example.ro ; media-src https://v.example.ro');
    const withCdn = directives(documentCsp({ nonce: 'n', https: false, add }));
    expect(withCdn['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://cdn.example.ro']);
    expect(withCdn['font-src']).toEqual(["'self'", 'data:', 'https://cdn.example.ro', 'https://fonts.example.ro']);
    expect(withCdn['media-src']).toEqual(["'self'", 'https://v.example.ro']);
    // A directive that was 'none' gets the sources alone.
    expect(directives(documentCsp({ nonce: 'n', https: false, add: parseCspAdditions('object-src https://o.example.ro') }))['object-src']).toEqual(['https://o.example.ro']);
  });

  it('refuses CSP_ADD values that would undo the policy or inject a directive', () => {
    expect(parseCspAdditions('')).toEqual({});
    expect(() => parseCspAdditions("script-src 'unsafe-inline'")).toThrow(/CSP_ADD/);
    expect(() => parseCspAdditions("default-src 'unsafe-eval'")).toThrow(/CSP_ADD/);
    expect(() => parseCspAdditions('img-src https://a.ro,script-src')).toThrow(/CSP_ADD/);
    expect(() => parseCspAdditions('IMG_SRC x')).toThrow(/CSP_ADD/);
  });
});

describe('securityHeaders', () => {
  it('sends the full set on every answer', () => {
    const h = securityHeaders({ https: false, csp: null });
    expect(h).toEqual({
      'content-security-policy': RESOURCE_CSP,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(h['permissions-policy']).toMatch(/geolocation=\(\).*microphone=\(\)/);
  });

  it('locks down an answer that is not a page', () => {
    expect(directives(RESOURCE_CSP)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] });
  });

  it('carries the page policy it is given', () => {
    const csp = documentCsp({ nonce: 'xyz=', https: true });
    expect(securityHeaders({ https: true, csp })['content-security-policy']).toBe(csp);
  });

  it('adds HSTS (at least six months) only over https', () => {
    expect(securityHeaders({ https: false, csp: null })).not.toHaveProperty('strict-transport-security');
    const hsts = securityHeaders({ https: true, csp: null })['strict-transport-security'];
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(15_768_000);
  });

  it('lets other origins embed only what is meant for them (the e-mail pixel)', () => {
    expect(securityHeaders({ https: false, csp: null, crossOrigin: true })['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('nonceOfCsp', () => {
  it('reads the nonce of script-src only', () => {
    expect(nonceOfCsp("default-src 'none'; script-src 'self' 'nonce-QUJD+/_-==' 'strict-dynamic'")).toBe('QUJD+/_-==');
    expect(nonceOfCsp("style-src 'nonce-abc'")).toBeNull();
    expect(nonceOfCsp(RESOURCE_CSP)).toBeNull();
    expect(nonceOfCsp(null)).toBeNull();
  });
});

describe('next.config.mjs', () => {
  it("gives Next's static files (outside the proxy) the same set as an answer that is not a page", async () => {
    // A plain-JavaScript module without types: its path in a variable keeps tsc from resolving it.
    const configPath = '../../next.config.mjs';
    const { STATIC_SECURITY_HEADERS } = (await import(configPath)) as { STATIC_SECURITY_HEADERS: Array<{ key: string; value: string }> };
    const fromConfig = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key.toLowerCase(), h.value]));
    expect(fromConfig).toEqual(securityHeaders({ https: false, csp: null }));
  });
});
