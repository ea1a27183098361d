'use client';

// Last searched companies: localStorage 'lastSearchedCompanies', a list of
// { Cui, Name }, most recent first, at most 5. Opening a company adds it (the suggestion box here,
// the company page there: call rememberLastSearched). Every tab and component sees the change.
import { useSyncExternalStore } from 'react';
import { addLastSearched, COMPANY_PAGE_LIMITS, type LastSearchedCompany } from '@/lib/company-rules';

const LAST_SEARCHED_KEY = 'lastSearchedCompanies';
const CHANGED_EVENT = 'rf:last-searched-changed';
const EMPTY: LastSearchedCompany[] = [];

let cachedRaw: string | null = null;
let cachedList: LastSearchedCompany[] = EMPTY;

function read(): LastSearchedCompany[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(LAST_SEARCHED_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedList = Array.isArray(parsed)
      ? parsed
          .filter((x): x is LastSearchedCompany => !!x && typeof x === 'object' && 'Cui' in x && typeof (x as { Name?: unknown }).Name === 'string')
          .slice(0, COMPANY_PAGE_LIMITS.lastSearched)
      : EMPTY;
  } catch {
    cachedList = EMPTY;
  }
  return cachedList;
}

function getLastSearched(): LastSearchedCompany[] {
  return typeof window === 'undefined' ? EMPTY : read();
}

export function rememberLastSearched(company: LastSearchedCompany): void {
  const next = addLastSearched(getLastSearched(), { Cui: company.Cui, Name: company.Name });
  try {
    window.localStorage.setItem(LAST_SEARCHED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the list is a convenience only.
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function subscribe(callback: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === LAST_SEARCHED_KEY) callback();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED_EVENT, callback);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED_EVENT, callback);
  };
}

/** The list, empty on the server and during hydration (no mismatch), then the stored one. */
export function useLastSearched(): LastSearchedCompany[] {
  return useSyncExternalStore(subscribe, getLastSearched, () => EMPTY);
}
