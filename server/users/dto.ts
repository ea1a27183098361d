import 'server-only';
import type { UserContact, UserDetailsDto, UserListItem } from '@/lib/users/types';

export type UserListRow = {
  id: number;
  user_name: string;
  email: string;
  created_at: Date;
  blocked: boolean;
  role_id: number;
  role: string;
  groups_number: number;
  contacts_number: number;
};

export function toUserListItem(r: UserListRow): UserListItem {
  return {
    Id: r.id,
    Name: r.user_name,
    Email: r.email,
    GroupsNumber: Number(r.groups_number),
    ContactsNumber: Number(r.contacts_number),
    AccountCreatedDate: r.created_at.toISOString(),
    Role: r.role,
    RoleId: r.role_id,
    IsBlocked: r.blocked,
  };
}

export function toUserDetails(r: UserListRow): UserDetailsDto {
  return { ...toUserListItem(r), UserName: r.user_name };
}

/** The select of a contact row in the contacts modal, and its mapping. */
export const userContactSelect = {
  id: true,
  cui: true,
  name: true,
  role: true,
  phone: true,
  email: true,
  isPrivate: true,
  company: { select: { name: true } },
} as const;

export function toUserContact(c: {
  id: number;
  cui: number;
  name: string | null;
  role: string | null;
  phone: string | null;
  email: string | null;
  isPrivate: boolean;
  company: { name: string };
}): UserContact {
  return {
    Id: c.id,
    Name: c.name,
    Role: c.role,
    PhoneNumber: c.phone,
    Email: c.email,
    Private: c.isPrivate,
    CompanyName: c.company.name,
    Cui: c.cui,
  };
}
