// The blocked/deleted-user rule (server/auth/policy.ts) in each of its forms, on real accounts:
// userStanding, standingWhere / existingUserWhere and userStandingSql / activeUserSql /
// existingUserSql select the same users; and every way in answers a deleted account 401 and a
// blocked one 403 (before: a deleted account was 403 at the external sign-in, 401 elsewhere).
import { prisma, sql } from '@/server/kernel/db';
import { loginWithPassword } from '@/server/account/accounts';
import { signInWithExternalIdentity } from '@/server/account/external';
import { issueSession, rotateRefreshToken, verifyAccessToken } from '@/server/auth/tokens';
import { verifyUserCanSignIn } from '@/server/auth/users';
import {
  activeUserSql,
  existingUserSql,
  existingUserWhere,
  standingWhere,
  userStanding,
  userStandingSql,
  userStateColumns,
  type UserStanding,
  type UserStateRow,
} from '@/server/auth/policy';
import { AppError } from '@/server/kernel/errors';
import { createUser, deleteUsers, uniq, type TestUser } from '../factories/users';
import { randomIp } from './support/auth';

const u: Record<'active' | 'blocked' | 'deleted' | 'blockedDeleted', TestUser> = {} as never;
let ids: number[];

beforeAll(async () => {
  u.active = await createUser();
  u.blocked = await createUser({ blocked: true });
  u.deleted = await createUser();
  u.blockedDeleted = await createUser({ blocked: true });
  await sql(`UPDATE app_user SET is_deleted = true WHERE id = ANY($1::int[])`, [[u.deleted.id, u.blockedDeleted.id]]);
  ids = Object.values(u).map((x) => x.id);
});

afterAll(async () => {
  await deleteUsers(...Object.values(u));
});

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sqlIds = async (cond: string) => sorted((await sql<{ id: number }>(`SELECT u.id FROM app_user u WHERE u.id = ANY($1::int[]) AND ${cond}`, [ids])).map((r) => r.id));
const whereIds = async (where: object) => sorted((await prisma.user.findMany({ where: { id: { in: ids }, ...where }, select: { id: true } })).map((r) => r.id));

test('each standing: predicate, Prisma where and SQL select the same accounts', async () => {
  const rows = await sql<UserStateRow & { id: number }>(`SELECT u.id, ${userStateColumns('u')} FROM app_user u WHERE u.id = ANY($1::int[])`, [ids]);
  const byPredicate = (s: UserStanding) => sorted(rows.filter((r) => userStanding(r) === s).map((r) => r.id));
  const expected = { active: [u.active.id], blocked: [u.blocked.id], gone: sorted([u.deleted.id, u.blockedDeleted.id]) };
  for (const s of ['active', 'blocked', 'gone'] as const) {
    expect({ s, predicate: byPredicate(s), where: await whereIds(standingWhere[s]), sql: await sqlIds(`${userStandingSql('u')} = '${s}'`) })
      .toEqual({ s, predicate: expected[s], where: expected[s], sql: expected[s] });
  }
  expect(await sqlIds(activeUserSql('u'))).toEqual(expected.active);
  expect(await sqlIds(existingUserSql('u'))).toEqual(sorted([u.active.id, u.blocked.id]));
  expect(await whereIds(existingUserWhere)).toEqual(sorted([u.active.id, u.blocked.id]));
  expect(userStanding(undefined)).toBe('gone');
});

const statusOf = async (f: () => Promise<unknown>) => {
  try {
    await f();
    return 200;
  } catch (e) {
    if (e instanceof AppError) return ({ UNAUTHORIZED: 401, FORBIDDEN: 403 } as Record<string, number>)[e.code] ?? e.code;
    throw e;
  }
};

test('every way in: a deleted account is 401, a blocked one 403, an active one passes', async () => {
  const answers: Record<string, Record<string, unknown>> = {};
  for (const [name, user] of Object.entries(u)) {
    const subject = `regula-${uniq()}`;
    await sql(`INSERT INTO external_account (user_id, provider, provider_account_id) VALUES ($1, 'google', $2)`, [user.id, subject]);
    // A session issued while the account could act, then the refresh after the change.
    const [family] = await sql<{ blocked: boolean; deleted: boolean }>(`SELECT is_blocked AS blocked, is_deleted AS deleted FROM app_user WHERE id = $1`, [user.id]);
    await sql(`UPDATE app_user SET is_blocked = false, is_deleted = false WHERE id = $1`, [user.id]);
    const session = await issueSession(user.id);
    await sql(`UPDATE app_user SET is_blocked = $2, is_deleted = $3 WHERE id = $1`, [user.id, family.blocked, family.deleted]);
    answers[name] = {
      password: await statusOf(() => loginWithPassword({ Email: user.email, Password: user.password, RememberMe: false }, { address: randomIp(), loopbackPeer: false })),
      external: await statusOf(() => signInWithExternalIdentity({ provider: 'google', subject, email: user.email, emailVerified: true, name: user.userName })),
      signIn: await statusOf(() => verifyUserCanSignIn(user.id)),
      refresh: await statusOf(() => rotateRefreshToken({ AccessToken: session.AccessToken, RefreshToken: session.RefreshToken })),
      token: (await verifyAccessToken(session.AccessToken)) ? 200 : 401,
    };
  }
  const all = (n: number) => ({ password: n, external: n, signIn: n, refresh: n, token: n });
  expect(answers).toEqual({ active: all(200), blocked: { ...all(403), token: 401 }, deleted: all(401), blockedDeleted: all(401) });
});
