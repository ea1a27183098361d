import { sitemapIndexXml } from '@/server/sitemap/queries';

export const dynamic = 'force-dynamic';

/** Sitemap index: the public pages file and one file per 50,000 companies. */
export async function GET() {
  return new Response(await sitemapIndexXml(), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
