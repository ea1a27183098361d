// A company's page in a new tab: the links of the signed-in tables and lists, so that the list
// stays where it was.
import type * as React from 'react';
import { companyPath } from '@/lib/slug';

export function CompanyTabLink({ cui, name, className, children }: { cui: number; name: string; className?: string; children: React.ReactNode }) {
  return (
    <a href={companyPath(cui, name)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
