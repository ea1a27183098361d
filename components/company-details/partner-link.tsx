import * as React from 'react';
import { companyPath } from '@/lib/slug';

/** A tender or collaboration partner: a link to its page in a new tab when it is a registered company. */
export function PartnerLink({ cui, name, isCompany, children }: { cui: number; name: string; isCompany: boolean; children: React.ReactNode }) {
  if (!isCompany) return <span>{children}</span>;
  return (
    <a href={companyPath(cui, name)} target="_blank" rel="noopener" className="text-primary hover:underline">
      {children}
    </a>
  );
}
