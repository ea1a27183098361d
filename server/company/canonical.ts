// Canonical company addresses, for a redirect before rendering (e.g. from proxy.ts, which can answer
// a literal 301; a page can only answer 308 through permanentRedirect).
import 'server-only';
import { companyPath } from '@/lib/slug';
import { findCompanyName } from './queries';
import { CUI_DIGITS_SOURCE, parseCui } from '@/lib/cui';

const COMPANY_PATH = new RegExp(String.raw`^/company-details/(${CUI_DIGITS_SOURCE})(?:/([^/]*))?/?$`);

/**
 * For /company-details/:cui or /company-details/:cui/:slug: the canonical path when the request is
 * not already on it; null otherwise (other paths, unknown companies, already canonical).
 */
export async function canonicalCompanyRedirect(pathname: string): Promise<string | null> {
  const m = COMPANY_PATH.exec(pathname);
  if (!m) return null;
  const cui = parseCui(m[1]);
  if (cui == null) return null;
  const name = await findCompanyName(cui);
  if (name == null) return null;
  const canonical = companyPath(cui, name);
  return canonical === pathname ? null : canonical;
}
