'use client';

import * as React from 'react';
import type { CustomerOrder } from '@/lib/company-rules';
import type { CompanyCardItem, PagedList } from '@/lib/company/types';
import { CompanyList } from './company-list';

/** The companies of one CAEN class; the order is kept in the address (?ordine=) so it can be shared. */
export function CaenCompanies({ code, initial, initialOrder, pageSize }: { code: string; initial: PagedList<CompanyCardItem>; initialOrder: CustomerOrder; pageSize: number }) {
  const onOrderChange = (o: CustomerOrder) => {
    const url = new URL(window.location.href);
    if (o === 'Name') url.searchParams.delete('ordine');
    else url.searchParams.set('ordine', o);
    window.history.replaceState(window.history.state, '', url);
  };
  return <CompanyList source={{ kind: 'caen', code, pageSize }} initial={initial} initialOrder={initialOrder} onOrderChange={onOrderChange} />;
}
