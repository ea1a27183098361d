import { canChangeComment, canCommentInGroup, canEditGroup, canManageMember, canReadGroup, editableGroupSql, visibleGroupSql, type Membership } from '@/server/groups/policy';
import { directionOf, nextOrder } from '@/lib/shared/sort-order';

const m = (over: Partial<Membership>): Membership => ({ groupId: 1, groupName: 'G', ownerId: 9, isOwner: false, access: 'View', ...over });
const actor = { userId: 5, userName: 'Ana', roles: ['User' as const] };

describe('group policy', () => {
  it('only members read; owner and Edit members change', () => {
    expect(canReadGroup(null)).toBe(false);
    expect(canReadGroup(m({}))).toBe(true);
    expect(canEditGroup(null)).toBe(false);
    expect(canEditGroup(m({}))).toBe(false);
    expect(canEditGroup(m({ access: 'Edit' }))).toBe(true);
    expect(canEditGroup(m({ isOwner: true, access: 'View' }))).toBe(true);
    expect(canCommentInGroup(m({}))).toBe(false);
    expect(canCommentInGroup(m({ access: 'Edit' }))).toBe(true);
  });

  it('the owner row is fixed, even for editors', () => {
    expect(canManageMember(m({ access: 'Edit' }), { isOwner: true })).toBe(false);
    expect(canManageMember(m({ isOwner: true }), { isOwner: false })).toBe(true);
    expect(canManageMember(m({}), { isOwner: false })).toBe(false);
  });

  it('comments change by their author only', () => {
    expect(canChangeComment(actor, { createdById: 5 })).toBe(true);
    expect(canChangeComment(actor, { createdById: 6 })).toBe(false);
    expect(canChangeComment({ ...actor, roles: ['Admin'] }, { createdById: 6 })).toBe(false);
  });

  it('the SQL forms check deletion, owner and active membership', () => {
    const sql = visibleGroupSql('g', '$1');
    expect(sql).toContain('NOT g.is_deleted');
    expect(sql).toContain('g.owner_id = $1');
    expect(sql).toContain('NOT gm_v.is_deleted');
    expect(editableGroupSql('g', '$2')).toContain("gm_e.access = 'Edit'");
  });
});

describe('sort keys', () => {
  it('toggle with the _desc suffix', () => {
    expect(directionOf('Name', 'Name')).toBe('asc');
    expect(directionOf('Name_desc', 'Name')).toBe('desc');
    expect(directionOf('Profit_desc', 'Name')).toBeNull();
    expect(nextOrder('Profit_desc', 'Name')).toBe('Name');
    expect(nextOrder('Name', 'Name')).toBe('Name_desc');
    expect(nextOrder('Name_desc', 'Name')).toBe('Name');
    expect(nextOrder('Name', 'Profit', 'desc')).toBe('Profit_desc');
  });
});
