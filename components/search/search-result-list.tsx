import * as React from 'react';
import { CompanyCard, type CompanyCardData } from '@/components/company/company-card';

/** The advanced search's result cards (server- and client-renderable); `menu` gives a card its three-dot menu. */
export function SearchResultList({ items, menu }: { items: CompanyCardData[]; menu?: (item: CompanyCardData) => React.ReactNode }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" aria-label="Rezultatele căutării">
      {items.map((item) => (
        <li key={item.Cui} className="min-w-0">
          <CompanyCard company={item} menu={menu?.(item)} />
        </li>
      ))}
    </ul>
  );
}
