import { companySitemapStream, pagesSitemapXml } from '@/server/sitemap/queries';

export const dynamic = 'force-dynamic';

const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

/** /sitemaps/pages.xml and /sitemaps/companies-<first CUI>.xml (streamed). */
export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params;
  if (file === 'pages.xml') return new Response(await pagesSitemapXml(), { headers: HEADERS });
  const m = /^companies-(\d{1,10})\.xml$/.exec(file);
  if (!m || Number(m[1]) > 2_147_483_647) return new Response('Not found', { status: 404 });
  return new Response(companySitemapStream(Number(m[1])), { headers: HEADERS });
}
