// The filters of the users list as the screen holds them: each dropdown is 'all' until the Admin
// picks a value; the Search button copies the draft into the applied filter that the list loads.
import { DEFAULT_SORTS } from '@/lib/company-rules';

export type TriState = 'all' | 'true' | 'false';

export type UserFilterDraft = {
  HasGroups: TriState;
  HasContacts: TriState;
  HasAccess: TriState;
  /** A role id, or 'all' */
  RoleId: string;
};

export const EMPTY_USER_FILTERS: UserFilterDraft = { HasGroups: 'all', HasContacts: 'all', HasAccess: 'all', RoleId: 'all' };

export const TRI_STATE_OPTIONS: Record<'HasGroups' | 'HasContacts' | 'HasAccess', Array<{ value: TriState; label: string }>> = {
  HasGroups: [
    { value: 'all', label: 'Toate' },
    { value: 'true', label: 'Cu grupuri' },
    { value: 'false', label: 'Fără grupuri' },
  ],
  HasContacts: [
    { value: 'all', label: 'Toate' },
    { value: 'true', label: 'Cu contacte' },
    { value: 'false', label: 'Fără contacte' },
  ],
  HasAccess: [
    { value: 'all', label: 'Toate' },
    { value: 'true', label: 'Cu acces' },
    { value: 'false', label: 'Fără acces' },
  ],
};

/** True when at least one dropdown has a value other than "all" (the Reset button shows then). */
export function hasAnyFilter(f: UserFilterDraft): boolean {
  return f.HasGroups !== 'all' || f.HasContacts !== 'all' || f.HasAccess !== 'all' || f.RoleId !== 'all';
}

const tri = (v: TriState): boolean | null => (v === 'all' ? null : v === 'true');

export type UsersListState = { filters: UserFilterDraft; SearchText: string; OrderBy: string; PageNumber: number };

export const INITIAL_USERS_STATE: UsersListState = { filters: EMPTY_USER_FILTERS, SearchText: '', OrderBy: DEFAULT_SORTS.users, PageNumber: 1 };

/** The query of GET /api/User/getUsers for what the screen applied. */
export function toUsersQuery(s: UsersListState) {
  const role = Number(s.filters.RoleId);
  return {
    OrderBy: s.OrderBy,
    SearchText: s.SearchText.trim(),
    PageNumber: s.PageNumber,
    HasGroups: tri(s.filters.HasGroups),
    HasContacts: tri(s.filters.HasContacts),
    HasAccess: tri(s.filters.HasAccess),
    RoleId: s.filters.RoleId !== 'all' && Number.isInteger(role) && role > 0 ? role : null,
  };
}
