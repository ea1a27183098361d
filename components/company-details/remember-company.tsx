'use client';

import * as React from 'react';
import { rememberLastSearched } from '@/components/search/last-searched';

/** Opening a company adds it to the last searched companies (at most 5 are kept). */
export function RememberCompany({ cui, name }: { cui: number; name: string }) {
  React.useEffect(() => {
    rememberLastSearched({ Cui: cui, Name: name });
  }, [cui, name]);
  return null;
}
