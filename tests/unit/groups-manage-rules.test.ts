// The membership rules of decisions 041 and 042: only the owner deletes and restores (for 30
// days), any other member leaves, who may invite manages the invitations.
import { canDeleteGroup, canLeaveGroup, canManageInvitations, canRestoreGroup, type Membership } from '@/server/groups/policy';
import { RESTORE_WINDOW_DAYS, restorableUntil, restoreCutoff } from '@/lib/shared/restore';

const m = (over: Partial<Membership>): Membership => ({ groupId: 1, groupName: 'G', ownerId: 9, isOwner: false, access: 'View', ...over });
const owner = { userId: 9, userName: 'Ana', roles: ['User' as const] };
const DAY = 24 * 3600 * 1000;

describe('group membership rules', () => {
  it('only the owner deletes; editors and viewers do not; nobody outside', () => {
    expect(canDeleteGroup(m({ isOwner: true, access: 'Edit' }))).toBe(true);
    expect(canDeleteGroup(m({ access: 'Edit' }))).toBe(false);
    expect(canDeleteGroup(m({}))).toBe(false);
    expect(canDeleteGroup(null)).toBe(false);
  });

  it('every member but the owner leaves', () => {
    expect(canLeaveGroup(m({}))).toBe(true);
    expect(canLeaveGroup(m({ access: 'Edit' }))).toBe(true);
    expect(canLeaveGroup(m({ isOwner: true, access: 'Edit' }))).toBe(false);
    expect(canLeaveGroup(null)).toBe(false);
  });

  it('who invites manages the invitations', () => {
    expect(canManageInvitations(m({ access: 'Edit' }))).toBe(true);
    expect(canManageInvitations(m({ isOwner: true }))).toBe(true);
    expect(canManageInvitations(m({}))).toBe(false);
  });

  it('the owner restores a deleted group for 30 days; not a live one, not someone else, not an undated one', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const deleted = (daysAgo: number) => ({ ownerId: 9, isDeleted: true, deletedAt: new Date(now.getTime() - daysAgo * DAY) });
    expect(canRestoreGroup(owner, deleted(0), now)).toBe(true);
    expect(canRestoreGroup(owner, deleted(RESTORE_WINDOW_DAYS), now)).toBe(true);
    expect(canRestoreGroup(owner, deleted(RESTORE_WINDOW_DAYS + 0.001), now)).toBe(false);
    expect(canRestoreGroup({ ...owner, userId: 5 }, deleted(1), now)).toBe(false);
    expect(canRestoreGroup({ ...owner, roles: ['Admin'], userId: 1 }, deleted(1), now)).toBe(false);
    expect(canRestoreGroup(owner, { ...deleted(1), isDeleted: false }, now)).toBe(false);
    expect(canRestoreGroup(owner, { ...deleted(1), deletedAt: null }, now)).toBe(false);
  });

  it('the restore window, both ways', () => {
    const at = new Date('2026-11-25T12:00:00Z');
    expect(restorableUntil(at).toISOString()).toBe('2026-12-25T12:00:00.000Z');
    expect(restoreCutoff(at).toISOString()).toBe('2026-10-26T12:00:00.000Z');
  });
});
