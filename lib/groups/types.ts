// Answer shapes of the group and company-comment endpoints (PascalCase fields of the product's
// API), derived from their contract (lib/api/contract/groups.ts, answers.ts). Built in
// server/groups/dto.ts; rendered by the group pages.
import type { AnswerOf } from '@/lib/api/client';
import type { AccessLevel } from './schemas';

/** A group as the lists and the details page show it (Role: Autor for the owner, Membru for anyone else; Members: active members, the owner included). */
export type Group = AnswerOf<'GET /api/Group/getGroups'>['Items'][number];

/** A row of the group administration modal (getGroupsForEdit). IsOwner: only the owner deletes. */
export type GroupForEdit = AnswerOf<'GET /api/Group/getGroupsForEdit'>[number];

export type GroupMember = AnswerOf<'GET /api/Group/getGroupMembers'>[number];

/** GET /api/Group/get?id: the group with its members. */
export type GroupDetails = AnswerOf<'GET /api/Group/get'>;

export type Permission = AnswerOf<'GET /api/Group/getPermisions'>[number];

/** The card menu: the groups the user may put the company in, and where it is now. */
export type GroupForCompany = AnswerOf<'GET /api/Group/getGroupsForCompany'>[number];

/** A company in a group. */
export type CompanyGroup = AnswerOf<'GET /api/Group/getCompanyGroups'>['Items'][number];

export type { Paged } from '@/lib/shared/paged';

/** IsOwn: true when the caller wrote it (only the author may edit or delete). */
export type CompanyComment = AnswerOf<'GET /api/CompanyComment/getCommentsByCompanyGroupId'>[number];

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

/** A pending invitation as the owner and editors of its group see it (getGroupInvitations): SentOn (ISO) when it was (re)sent, ExpiresOn when the link stops working; past it, it can only be resent or revoked. */
export type PendingInvitation = AnswerOf<'GET /api/Group/getGroupInvitations'>['Items'][number];

/** A live invitation addressed to the signed-in user (getMyInvitations). */
export type MyInvitation = AnswerOf<'GET /api/Group/getMyInvitations'>['Items'][number];
