// Canonical company addresses, for a redirect before rendering (e.g. from proxy.ts, which can answer
// a literal 301; a page can only answer 308 through permanentRedirect).
import 'server-only';
import { parseCuiSegment } from '@/lib/cui';
import { companyPath } from '@/lib/slug';
import { findCompanyName } from './queries';

const COMPANY_PATH = /^\/company-details\/([^/]+)(?:\/([^/]*))?\/?$/;

/**
 * For /company-details/:cui or /company-details/:cui/:slug (a trailing slash allowed): the canonical
 * path when the request is not already on it; null otherwise (other paths, unknown companies,
 * already canonical). One hop: the canonical path itself never redirects again.
 */
export async function canonicalCompanyRedirect(pathname: string): Promise<string | null> {
  const m = COMPANY_PATH.exec(pathname);
  if (!m) return null;
  const cui = parseCuiSegment(m[1]);
  if (cui === null) return null;
  const name = await findCompanyName(cui);
  if (name == null) return null;
  const canonical = companyPath(cui, name);
  return canonical === pathname ? null : canonical;
}
