import { notFound, permanentRedirect } from 'next/navigation';
import { parseCuiSegment } from '@/lib/cui';
import { companyPath } from '@/lib/slug';
import { findCompanyName } from '@/server/company/queries';

export const dynamic = 'force-dynamic';

/** /company-details/:cui without the name slug: moves permanently to the canonical URL. */
export default async function CompanyWithoutSlug({ params }: { params: Promise<{ companyCui: string }> }) {
  const { companyCui } = await params;
  const cui = parseCuiSegment(companyCui);
  const name = cui == null ? null : await findCompanyName(cui);
  if (cui == null || name == null) notFound();
  permanentRedirect(companyPath(cui, name));
}
