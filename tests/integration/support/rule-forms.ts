// One rule, three forms: the predicate, the Prisma `where` and the SQL condition of a policy module
// must select exactly the same rows for each caller (issue 31). A rule test builds a few rows that
// differ in what the rule looks at, then, for the owner, another user, an Admin and anonymous,
// compares what each form selects among them with what the rule says it should.
import type { Actor } from '@/server/auth/actor';
import type { TestUser } from '../../factories/users';

export type Caller = 'owner' | 'other' | 'admin' | 'anonymous';
const CALLERS: Caller[] = ['owner', 'other', 'admin', 'anonymous'];

export const actorOf = (u: TestUser, admin = false): Actor => ({ userId: u.id, userName: u.userName, roles: admin ? ['Admin'] : ['User'] });

type Forms = {
  predicate: (actor: Actor | null) => Promise<number[]> | number[];
  where: (actor: Actor | null) => Promise<number[]>;
  sql: (actor: Actor | null) => Promise<number[]>;
};

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** What each form selects, per caller, with the expected ids alongside: one object to compare. */
export async function selections(actors: Record<Caller, Actor | null>, forms: Forms, expected: Record<Caller, number[]>) {
  const out: Record<string, { expected: number[]; predicate: number[]; where: number[]; sql: number[] }> = {};
  for (const who of CALLERS) {
    const actor = actors[who];
    out[who] = {
      expected: sorted(expected[who]),
      predicate: sorted(await forms.predicate(actor)),
      where: sorted(await forms.where(actor)),
      sql: sorted(await forms.sql(actor)),
    };
  }
  return out;
}

/** The comparison: every form equals the expected rows, for every caller. */
export function allAgree(s: Awaited<ReturnType<typeof selections>>) {
  return Object.fromEntries(
    Object.entries(s).map(([who, v]) => [who, { predicate: v.predicate, where: v.where, sql: v.sql }]),
  );
}
export function expectedOf(s: Awaited<ReturnType<typeof selections>>) {
  return Object.fromEntries(Object.entries(s).map(([who, v]) => [who, { predicate: v.expected, where: v.expected, sql: v.expected }]));
}
