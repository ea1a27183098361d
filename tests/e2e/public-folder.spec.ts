// The public/ folder: favicon, apple-touch icon, the web manifest and the default Open Graph image,
// served as files and referenced from every page's head (the company page keeps the default image).
import { expect, test } from '@playwright/test';

test('public files are served and referenced from the pages', async ({ request }) => {
  const files: Array<[string, RegExp]> = [
    ['/favicon.ico', /image\/(x-icon|vnd\.microsoft\.icon)/],
    ['/apple-touch-icon.png', /image\/png/],
    ['/icon-192.png', /image\/png/],
    ['/icon-512.png', /image\/png/],
    ['/og-default.jpg', /image\/jpeg/],
    ['/site.webmanifest', /application\/(manifest\+)?json/],
  ];
  for (const [path, type] of files) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toMatch(type);
  }
  const manifest = await (await request.get('/site.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'RadarFirme', lang: 'ro', start_url: '/' });
  // The loop checks nothing on an empty list: the manifest must name icons first.
  expect((manifest.icons as unknown[]).length).toBeGreaterThan(0);
  for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

  const top = await (await request.get('/api/Company/getTop5Companies?searchText=a')).json();
  const company = await request.get(`/company-details/${top[0].Cui}`);
  for (const html of [await (await request.get('/')).text(), await (await request.get('/Coduri-caen')).text(), await company.text()]) {
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/og-default\.jpg"/);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest"');
  }
});
