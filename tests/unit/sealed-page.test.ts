/** @jest-environment jsdom */
// A page a cache may share: its scripts named by hash, no nonce (issue 45, decision 082).
import { createHash } from 'node:crypto';
import { sealHtml } from '@/server/security/sealed-page';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGE =
  '<!DOCTYPE html><html><head><link rel="preload" as="script" href="/_next/static/chunks/a.js"/>' +
  '<script src="/_next/static/chunks/a.js" async="" nonce="T2xkTm9uY2U="></script>' +
  '<script src="/_next/static/chunks/b.js?v=1&amp;x=2" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>' +
  '<body><script type="application/ld+json">{"@type":"Organization"}</script>' +
  '<script nonce="T2xkTm9uY2U=">self.__next_f=self.__next_f||[]</script>' +
  '<script>self.__next_f.push([1,"a\\u003c/script>"])</script></body></html>';

test('inline scripts keep their text and are named by hash; data blocks are not', () => {
  const { html, scriptHashes } = sealHtml(PAGE);
  expect(html).not.toContain('nonce');
  expect(html).toContain('<script>self.__next_f=self.__next_f||[]</script>');
  expect(scriptHashes).toContain(hashOf('self.__next_f=self.__next_f||[]'));
  expect(scriptHashes).toContain(hashOf('self.__next_f.push([1,"a\\u003c/script>"])'));
  expect(scriptHashes).not.toContain(hashOf('{"@type":"Organization"}'));
  expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
});

test('external scripts become one hashed loader, in order, with their attributes', () => {
  const { html, scriptHashes } = sealHtml(PAGE);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  const loaders = [...html.matchAll(/<script>(\(function\(l,d,c\)[\s\S]*?)<\/script>/g)].map((m) => m[1]);
  expect(loaders).toHaveLength(1);
  expect(scriptHashes).toContain(hashOf(loaders[0]));
  // The loader stands where the first external script stood, in the head.
  expect(html.indexOf(loaders[0])).toBeLessThan(html.indexOf('</head>'));
  const list = JSON.parse(/\}\)\}\)\((\[[\s\S]*\]),document,document\.currentScript\)$/.exec(loaders[0])![1]);
  expect(list).toEqual([
    [['src', '/_next/static/chunks/a.js'], ['async', '']],
    [['src', '/_next/static/chunks/b.js?v=1&x=2'], ['async', '']],
    [['src', '/_next/static/chunks/polyfills.js'], ['nomodule', '']],
  ]);
  expect(scriptHashes).toHaveLength(3);
});

test('the loader inserts the scripts it lists (run in a document)', () => {
  document.head.innerHTML = '';
  const { html } = sealHtml('<html><head><script src="/x.js" async=""></script></head><body></body></html>');
  const code = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
  const holder = document.createElement('script');
  document.head.appendChild(holder);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => holder });
  new Function(code)();
  const inserted = document.head.querySelector('script[src="/x.js"]');
  expect(inserted?.hasAttribute('async')).toBe(true);
});

test('no nonce anywhere outside the scripts, and no preload of a script (strict-dynamic refuses it)', () => {
  const { html } = sealHtml(
    '<html><head><link rel="stylesheet" href="/a.css" nonce="T2xk" data-precedence="next"/>' +
      '<link rel="preload" as="script" fetchPriority="low" nonce="T2xk" href="/_next/static/chunks/x.js"/>' +
      '<link rel="modulepreload" href="/m.js"/><link rel="preload" as="font" href="/f.woff2" crossorigin=""/>' +
      '<style nonce="T2xk">a{}</style></head><body>x</body></html>',
  );
  expect(html).toBe(
    '<html><head><link rel="stylesheet" href="/a.css" data-precedence="next"/><link rel="preload" as="font" href="/f.woff2" crossorigin=""/>' +
      '<style>a{}</style></head><body>x</body></html>',
  );
});

test('a page without scripts has no hashes', () => {
  expect(sealHtml('<html><body>text</body></html>')).toEqual({ html: '<html><body>text</body></html>', scriptHashes: [] });
});
