// GET /api/SocialMedia/getSocialMediaForCompany: the company's links, in the fixed platform order.
import { sql } from '../db';
import { SOCIAL_PLATFORMS } from '@/lib/schemas/contact';
import type { SocialMediaEntry } from './dto';
import { assertCompanyExists } from './queries';

export async function getSocialMedia(cui: number): Promise<SocialMediaEntry[]> {
  await assertCompanyExists(cui);
  const rows = await sql<{ id: number; platform: string; url: string }>(
    `SELECT id, platform, url FROM social_media WHERE cui = $1 AND url <> ''`,
    [cui],
  );
  const rank = (p: string) => {
    const i = SOCIAL_PLATFORMS.findIndex((s) => s.toLowerCase() === p.toLowerCase());
    return i === -1 ? SOCIAL_PLATFORMS.length : i;
  };
  return rows
    .sort((a, b) => rank(a.platform) - rank(b.platform) || a.id - b.id)
    .map((r) => ({ Id: r.id, Platform: r.platform, Url: r.url }));
}
