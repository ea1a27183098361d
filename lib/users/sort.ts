// Sort keys of the users list and of a user's contacts. The client sends a column name, with the
// '_desc' suffix for descending; the server accepts only these keys (any case), so an OrderBy can
// never reach SQL as text.
import { DEFAULT_SORTS, parseSort } from '@/lib/company-rules';
import { ownValue } from '@/lib/shared/own-key';

const USER_SORT_KEYS = ['Name', 'GroupsNumber', 'ContactsNumber', 'AccountCreatedDate'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** Sortable columns of the contacts modal; 'Company' and 'Phone' are accepted as the header names. */
const USER_CONTACT_SORT_KEYS = ['CompanyName', 'Name', 'PhoneNumber', 'Email'] as const;
export type UserContactSortKey = (typeof USER_CONTACT_SORT_KEYS)[number];
const CONTACT_ALIASES: Record<string, UserContactSortKey> = { company: 'CompanyName', phone: 'PhoneNumber', representative: 'Name' };

type ParsedSort<K extends string> = { key: K; descending: boolean };

function parseKnown<K extends string>(value: string | null | undefined, keys: readonly K[], fallback: string, aliases: Record<string, K> = {}): ParsedSort<K> | null {
  const text = String(value ?? '').trim() || fallback;
  const { field, descending } = parseSort(text);
  const lower = field.toLowerCase();
  const key = keys.find((k) => k.toLowerCase() === lower) ?? ownValue(aliases, lower);
  return key ? { key, descending } : null;
}

/** OrderBy of GET /api/User/getUsers ('' → Name ascending); null for an unknown column. */
export function parseUserSort(value: string | null | undefined): ParsedSort<UserSortKey> | null {
  return parseKnown(value, USER_SORT_KEYS, DEFAULT_SORTS.users);
}

/** OrderBy of GET /api/Contact/getUserContacts ('' → CompanyName ascending); null for an unknown column. */
export function parseUserContactSort(value: string | null | undefined): ParsedSort<UserContactSortKey> | null {
  return parseKnown(value, USER_CONTACT_SORT_KEYS, DEFAULT_SORTS.userContacts, CONTACT_ALIASES);
}

/** The header direction a column shows for the current OrderBy (null: sorted by another column). */
export function sortDirectionOf(current: string, column: string): 'asc' | 'desc' | null {
  const { field, descending } = parseSort(current);
  return field.toLowerCase() === column.toLowerCase() ? (descending ? 'desc' : 'asc') : null;
}
