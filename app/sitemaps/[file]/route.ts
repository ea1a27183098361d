import { companySitemapStream, pagesSitemapXml } from '@/server/sitemap/queries';
import { CUI_DIGITS_SOURCE, parseCui } from '@/lib/cui';

export const dynamic = 'force-dynamic';

const COMPANIES_FILE = new RegExp(String.raw`^companies-(${CUI_DIGITS_SOURCE})\.xml$`);

const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

/** /sitemaps/pages.xml and /sitemaps/companies-<first CUI>.xml (streamed). */
export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params;
  if (file === 'pages.xml') return new Response(await pagesSitemapXml(), { headers: HEADERS });
  const first = parseCui(COMPANIES_FILE.exec(file)?.[1]);
  if (first == null) return new Response('Not found', { status: 404 });
  return new Response(companySitemapStream(first), { headers: HEADERS });
}
