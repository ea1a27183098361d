// Answer shapes of the group and company-comment endpoints (PascalCase fields of the product's
// API). Built in server/groups/dto.ts; rendered by the group pages.
import type { AccessLevel } from './schemas';

type GroupRole = 'Autor' | 'Membru';

/** A group as the lists and the details page show it. */
export type Group = {
  Id: number;
  Name: string;
  CompaniesNumber: number;
  /** User name of the owner. */
  CreatedBy: string;
  /** Autor for the owner, Membru for anyone else. */
  Role: GroupRole;
  AccessToEdit: boolean;
  /** Active members, the owner included. */
  Members: number;
};

/** A row of the group administration modal (getGroupsForEdit). IsOwner: only the owner deletes. */
export type GroupForEdit = { Id: number; Name: string; CompaniesNumber: number; IsOwner: boolean };

export type GroupMember = { Id: number; UserName: string; Access: AccessLevel; IsOwner: boolean };

/** GET /api/Group/get?id: the group with its members. */
export type GroupDetails = Omit<Group, 'Members'> & { Members: GroupMember[] };

export type Permission = { Id: AccessLevel; Name: string };

/** The card menu: the groups the user may put the company in, and where it is now. */
export type GroupForCompany = { GroupId: number; GroupName: string; IsSelected: boolean };

/** A company in a group. */
export type CompanyGroup = {
  CompanyGroupId: number;
  GroupId: number;
  Cui: number;
  Name: string;
  Turnover: number;
  Profit: number;
  Employees: number;
  GroupName: string;
  CaenCode: string | null;
  CaenDescription: string | null;
  AccessToEdit: boolean;
};

export type { Paged } from '@/lib/shared/paged';

export type CompanyComment = {
  Id: number;
  Content: string;
  CreatedBy: string;
  CreatedOn: string;
  CompanyGroupId: number;
  /** True when the caller wrote it (only the author may edit or delete). */
  IsOwn: boolean;
};

/** What the public invitation page shows. */
export type InvitationSummary = {
  GroupId: number;
  GroupName: string;
  Access: AccessLevel;
  InvitedBy: string;
  /** Pending and not expired. */
  IsOpen: boolean;
  Status: 'Pending' | 'Accepted' | 'Rejected' | 'Expired';
};

/** A pending invitation as the owner and editors of its group see it (getGroupInvitations). */
export type PendingInvitation = {
  Id: string;
  Email: string;
  Access: AccessLevel;
  InvitedBy: string;
  /** ISO; when it was (re)sent. */
  SentOn: string;
  /** ISO; the link stops working after this. */
  ExpiresOn: string;
  /** Past ExpiresOn: it can only be resent or revoked. */
  IsExpired: boolean;
};

/** A live invitation addressed to the signed-in user (getMyInvitations). */
export type MyInvitation = {
  Id: string;
  GroupId: number;
  GroupName: string;
  Access: AccessLevel;
  InvitedBy: string;
  SentOn: string;
  ExpiresOn: string;
};
