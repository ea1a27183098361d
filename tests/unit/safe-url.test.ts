import { isWebUrl, safeHref } from '@/lib/shared/safe-url';
import { euUrlDisplay } from '@/lib/company-rules';

// Issue 23: stored links that are not web addresses never become hrefs.
describe('safeHref', () => {
  it.each([
    ['https://www.facebook.com/firma', 'https://www.facebook.com/firma'],
    ['http://firma.ro', 'http://firma.ro/'],
    ['  HTTPS://Firma.RO/a b  ', 'https://firma.ro/a%20b'],
  ])('renders the web address %p as %p', (stored, href) => {
    expect(safeHref(stored)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\nscript:alert(1)',
    '\tjavascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:x',
    'blob:https://firma.ro/1',
    'file:///etc/passwd',
    'www.firma.ro',
    '/relative',
    '',
    null,
    undefined,
  ])('renders %p as text only', (stored) => {
    expect(safeHref(stored)).toBeNull();
    expect(isWebUrl(stored)).toBe(false);
  });

  it('lets mailto: through only where an address is meant', () => {
    expect(safeHref('mailto:office@firma.ro')).toBeNull();
    expect(safeHref('mailto:office@firma.ro', { mailto: true })).toBe('mailto:office@firma.ro');
    expect(safeHref('javascript:alert(1)', { mailto: true })).toBeNull();
  });

  it('leaves imported EU project links that are not web addresses out', () => {
    expect(euUrlDisplay(['javascript:alert(1)'])).toEqual({ kind: 'none', text: '-' });
    expect(euUrlDisplay(['javascript:alert(1)', 'https://ec.europa.eu/p'])).toEqual({ kind: 'link', href: 'https://ec.europa.eu/p', text: 'https://ec.europa.eu/p' });
  });
});
