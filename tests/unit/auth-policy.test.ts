import { activeUserSql, activeUserWhere, isUserActive, userStanding } from '@/server/auth/policy';

describe('who may act', () => {
  it('an existing account that is neither blocked nor deleted is active', () => {
    expect(userStanding({ is_blocked: false, is_deleted: false })).toBe('active');
    expect(isUserActive({ is_blocked: false, is_deleted: false })).toBe(true);
  });

  it('a missing or deleted account is gone, even when also blocked', () => {
    expect(userStanding(undefined)).toBe('gone');
    expect(userStanding(null)).toBe('gone');
    expect(userStanding({ is_blocked: false, is_deleted: true })).toBe('gone');
    expect(userStanding({ is_blocked: true, is_deleted: true })).toBe('gone');
    expect(isUserActive({ is_blocked: false, is_deleted: true })).toBe(false);
  });

  it('a blocked account is blocked and cannot act', () => {
    expect(userStanding({ is_blocked: true, is_deleted: false })).toBe('blocked');
    expect(isUserActive({ is_blocked: true, is_deleted: false })).toBe(false);
  });

  it('the SQL and Prisma conditions state the same rule', () => {
    expect(activeUserSql('x')).toBe('NOT x.is_blocked AND NOT x.is_deleted');
    expect(activeUserSql()).toBe('NOT u.is_blocked AND NOT u.is_deleted');
    expect(activeUserWhere).toEqual({ isBlocked: false, isDeleted: false });
  });
});
