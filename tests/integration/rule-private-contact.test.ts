// The private-contact rule (server/contacts/policy.ts) in each of its forms, on real rows: who sees
// a contact (canSeeContact, visibleContactWhere, VISIBLE_CONTACT_SQL), who edits one
// (canEditContact, editableContactsWhere), and who reads a sent message's address
// (canSeeMailAddress, mailAddressVisibleSql): the same rows for owner, another user, Admin and
// anonymous.
import { prisma, sql } from '@/server/kernel/db';
import {
  PUBLIC_CONTACT_SQL,
  VISIBLE_CONTACT_SQL,
  canEditContact,
  canSeeContact,
  canSeeMailAddress,
  editableContactsWhere,
  mailAddressVisibleSql,
  visibleContactWhere,
  type ContactRow,
} from '@/server/contacts/policy';
import type { Actor } from '@/server/auth/actor';
import { createUser, deleteUsers, uniq, type TestUser } from '../factories/users';
import { pickCompanies } from '../factories/sending';
import { actorOf, allAgree, expectedOf, selections, type Caller } from './support/rule-forms';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let actors: Record<Caller, Actor | null>;
let cui: number;
const ids: Record<string, number> = {};
let all: number[];
let rows: (ContactRow & { id: number })[];
const id = uniq();

async function contact(key: string, userId: number | null, isPrivate: boolean, isDeleted = false, isSuppressed = false) {
  const [r] = await sql<{ id: number }>(
    `INSERT INTO contact (cui, user_id, name, email, is_private, is_deleted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
    [cui, userId, `Regula ${key}`, `${key}.${id}@regula-test.ro`, isPrivate, isDeleted],
  );
  // The flag a person's takedown sets (docs/decisions/059); an UPDATE of it alone fires no trigger.
  if (isSuppressed) await sql(`UPDATE contact SET is_suppressed = true WHERE id = $1`, [r.id]);
  ids[key] = r.id;
}

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ role: 'Admin' });
  actors = { owner: actorOf(owner), other: actorOf(other), admin: actorOf(admin, true), anonymous: null };
  [{ cui }] = await pickCompanies(1, 400);
  await contact('publicUnowned', null, false);
  await contact('publicOwner', owner.id, false);
  await contact('privateOwner', owner.id, true);
  await contact('privateOther', other.id, true);
  await contact('deletedPrivateOwner', owner.id, true, true);
  await contact('deletedPublic', null, false, true);
  await contact('suppressedUnowned', null, false, false, true);
  await contact('suppressedOwner', owner.id, false, false, true);
  all = Object.values(ids);
  rows = await prisma.contact.findMany({ where: { id: { in: all } }, select: { id: true, userId: true, isPrivate: true, isDeleted: true, isSuppressed: true } });
});

afterAll(async () => {
  await sql(`DELETE FROM contact WHERE id = ANY($1::int[])`, [all]);
  await deleteUsers(owner, other, admin);
});

const pick = (...keys: string[]) => keys.map((k) => ids[k]);

test('who sees a contact: predicate, Prisma where and SQL select the same rows', async () => {
  const s = await selections(
    actors,
    {
      predicate: (a) => rows.filter((r) => canSeeContact(a, r)).map((r) => r.id),
      where: async (a) => (await prisma.contact.findMany({ where: { id: { in: all }, ...visibleContactWhere(a) }, select: { id: true } })).map((r) => r.id),
      sql: async (a) =>
        (await sql<{ id: number }>(`SELECT k.id FROM contact k WHERE k.id = ANY($2::int[]) AND ${VISIBLE_CONTACT_SQL('$1', 'k')}`, [a?.userId ?? null, all])).map((r) => r.id),
    },
    {
      owner: pick('publicUnowned', 'publicOwner', 'privateOwner', 'suppressedOwner'),
      other: pick('publicUnowned', 'publicOwner', 'privateOther'),
      admin: pick('publicUnowned', 'publicOwner'),
      anonymous: pick('publicUnowned', 'publicOwner'),
    },
  );
  expect(allAgree(s)).toEqual(expectedOf(s));
  // The anonymous form is the public one, the form the search flags use.
  const pub = await sql<{ id: number }>(`SELECT k.id FROM contact k WHERE k.id = ANY($1::int[]) AND ${PUBLIC_CONTACT_SQL('k')} ORDER BY k.id`, [all]);
  expect(pub.map((r) => r.id)).toEqual(s.anonymous.expected);
});

test.each([false, true])('who edits a contact (approved claimant: %s): predicate and Prisma where agree', async (claimant) => {
  for (const who of ['owner', 'other', 'admin'] as const) {
    const a = actors[who]!;
    const byPredicate = rows.filter((r) => canEditContact(a, r, claimant)).map((r) => r.id).sort((x, y) => x - y);
    const byWhere = (await prisma.contact.findMany({ where: { id: { in: all }, ...editableContactsWhere(a, cui, claimant) }, select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
    expect({ who, ids: byWhere }).toEqual({ who, ids: byPredicate });
  }
  const own = (await prisma.contact.findMany({ where: { id: { in: all }, ...editableContactsWhere(actors.owner!, cui, claimant) }, select: { id: true } })).map((r) => r.id).sort((x, y) => x - y);
  expect(own).toEqual(
    // A claimant never edits an unowned row a takedown hides (issue 45): the edit would un-hide it.
    claimant ? pick('publicUnowned', 'publicOwner', 'privateOwner', 'suppressedOwner') : pick('publicOwner', 'privateOwner', 'suppressedOwner'),
  );
});

test("who reads a sent message's address: predicate and SQL agree", async () => {
  const [gm] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, sent_on) VALUES ('Regula', '{}', $1, now()) RETURNING id`, [owner.id]);
  try {
    const msgs = await sql<{ id: number; is_private: boolean }>(
      `INSERT INTO mail_send (grouped_mail_id, cui, email, is_private, message_id, tracking_id)
       VALUES ($1, $2, $3, false, '<a@regula>', gen_random_uuid()), ($1, $2, $4, true, '<b@regula>', gen_random_uuid()) RETURNING id, is_private`,
      [gm.id, cui, `a.${id}@regula-test.ro`, `b.${id}@regula-test.ro`],
    );
    // No reader needs a Prisma form of this rule (the sending reads run as SQL): two forms here.
    const publicOnly = msgs.filter((m) => !m.is_private).map((m) => m.id);
    const expected: Record<Caller, number[]> = { owner: msgs.map((m) => m.id), other: publicOnly, admin: publicOnly, anonymous: publicOnly };
    for (const who of ['owner', 'other', 'admin', 'anonymous'] as const) {
      const a = actors[who];
      const byPredicate = msgs.filter((m) => canSeeMailAddress(a, { isPrivate: m.is_private, authorId: owner.id })).map((m) => m.id);
      const bySql = (
        await sql<{ id: number }>(
          `SELECT ms.id FROM mail_send ms JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id WHERE gm.id = $2 AND ${mailAddressVisibleSql('$1::int')} ORDER BY ms.id`,
          [a?.userId ?? null, gm.id],
        )
      ).map((r) => r.id);
      expect({ who, predicate: byPredicate, sql: bySql }).toEqual({ who, predicate: expected[who], sql: expected[who] });
    }
  } finally {
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [gm.id]);
  }
});
