// Database rows of the group domain → the DTOs of lib/groups/types.ts.
import 'server-only';
import type { AccessLevel } from '@/lib/groups/schemas';
import type { CompanyComment, CompanyGroup, Group, GroupMember } from '@/lib/groups/types';
import type { Actor } from '../auth/actor';
import { canEditGroup, memberAccess, membershipOf } from './policy';

export const asAccess = (value: string): AccessLevel => (value === 'Edit' ? 'Edit' : 'View');

type GroupRow = {
  id: number;
  name: string;
  ownerId: number;
  owner: { userName: string };
  members: Array<{ access: string }>;
  companyCount: number;
  memberCount: number;
};

export function toGroup(row: GroupRow, actor: Actor): Group {
  const m = membershipOf(actor, row);
  const isOwner = m.isOwner;
  return {
    Id: row.id,
    Name: row.name,
    CompaniesNumber: row.companyCount,
    CreatedBy: row.owner.userName,
    Role: isOwner ? 'Autor' : 'Membru',
    AccessToEdit: canEditGroup(m),
    Members: row.memberCount,
  };
}

export function toMember(row: { id: number; access: string; isOwner: boolean; user: { userName: string } }): GroupMember {
  return { Id: row.id, UserName: row.user.userName, Access: memberAccess(row), IsOwner: row.isOwner };
}

export type CompanyGroupRow = {
  id: number;
  group_id: number;
  cui: number;
  name: string;
  turnover: number;
  profit: number;
  employees: number;
  group_name: string;
  caen_code: string | null;
  caen_name: string | null;
  can_edit: boolean;
};

export function toCompanyGroup(row: CompanyGroupRow): CompanyGroup {
  return {
    CompanyGroupId: row.id,
    GroupId: row.group_id,
    Cui: row.cui,
    Name: row.name,
    Turnover: Number(row.turnover),
    Profit: Number(row.profit),
    Employees: row.employees,
    GroupName: row.group_name,
    CaenCode: row.caen_code,
    CaenDescription: row.caen_name,
    AccessToEdit: row.can_edit,
  };
}

export function toComment(
  row: { id: number; content: string; createdAt: Date; companyGroupId: number; createdById: number; author: string },
  actorId: number,
): CompanyComment {
  return {
    Id: row.id,
    Content: row.content,
    CreatedBy: row.author,
    CreatedOn: row.createdAt.toISOString(),
    CompanyGroupId: row.companyGroupId,
    IsOwn: row.createdById === actorId,
  };
}
