// Template, draft and claim ownership (server/templates/policy.ts, server/drafts/policy.ts,
// server/claims/policy.ts), on real rows, for the owner, another user and an Admin (the Admin has
// no right in another user's templates, drafts or claim; anonymous never reaches these functions,
// the route answers 401 first). Each rule's forms select the same rows.
import { prisma, sql } from '@/server/kernel/db';
import { ownTemplateWhere } from '@/server/templates/policy';
import { isOwnDraft, ownDraftWhere, ownMailWhere } from '@/server/drafts/policy';
import { approvedClaimWhere, pendingClaimWhere } from '@/server/claims/policy';
import { isApprovedClaimant } from '@/server/claims/queries';
import type { Actor } from '@/server/auth/actor';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { pickCompanies } from '../factories/sending';
import { actorOf } from './support/rule-forms';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let who: Record<'owner' | 'other' | 'admin', Actor>;
let cui: number;
const t: Record<string, number> = {};
const d: Record<string, number> = {};

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ role: 'Admin' });
  who = { owner: actorOf(owner), other: actorOf(other), admin: actorOf(admin, true) };
  [{ cui }] = await pickCompanies(1, 500);
  const template = async (ownerId: number, deleted: boolean) =>
    (await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, is_deleted, updated_at) VALUES ('Regula', '{}', $1, $2, now()) RETURNING id`, [ownerId, deleted]))[0].id;
  t.own = await template(owner.id, false);
  t.ownDeleted = await template(owner.id, true);
  t.others = await template(other.id, false);
  const draft = async (by: number, deleted: boolean, sent = false) =>
    (await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, is_deleted, sent_on) VALUES ('Regula', '{}', $1, $2, CASE WHEN $3 THEN now() END) RETURNING id`, [by, deleted, sent]))[0].id;
  d.own = await draft(owner.id, false);
  d.ownSent = await draft(owner.id, false, true);
  d.ownDeleted = await draft(owner.id, true);
  d.others = await draft(other.id, false);
  await sql(
    `INSERT INTO claim_request (cui, user_id, name, phone, email, status) VALUES ($1, $2, 'Regula', '0700000000', 'a@regula-test.ro', true), ($1, $3, 'Regula', '0700000000', 'b@regula-test.ro', NULL)`,
    [cui, owner.id, other.id],
  );
});

afterAll(async () => {
  await sql(`DELETE FROM claim_request WHERE user_id = ANY($1::int[])`, [[owner.id, other.id]]);
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [Object.values(d)]);
  await sql(`DELETE FROM mail_template WHERE id = ANY($1::int[])`, [Object.values(t)]);
  await deleteUsers(owner, other, admin);
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

test('templates: the owner sees their own, not deleted; nobody else, an Admin included', async () => {
  const seen = async (a: Actor) => ids(await prisma.mailTemplate.findMany({ where: { id: { in: Object.values(t) }, ...ownTemplateWhere(a) }, select: { id: true } }));
  expect({ owner: await seen(who.owner), other: await seen(who.other), admin: await seen(who.admin) }).toEqual({ owner: [t.own], other: [t.others], admin: [] });
});

test('drafts and sendings: isOwnDraft and ownMailWhere select the same rows; ownDraftWhere the unsent ones', async () => {
  const rows = await prisma.groupedMail.findMany({ where: { id: { in: Object.values(d) } }, select: { id: true, createdById: true, isDeleted: true } });
  for (const [name, a] of Object.entries(who)) {
    const byPredicate = ids(rows.filter((r) => isOwnDraft(a, r)));
    const byWhere = ids(await prisma.groupedMail.findMany({ where: { id: { in: Object.values(d) }, ...ownMailWhere(a) }, select: { id: true } }));
    const unsent = ids(await prisma.groupedMail.findMany({ where: { id: { in: Object.values(d) }, ...ownDraftWhere(a) }, select: { id: true } }));
    const expected = { owner: [d.own, d.ownSent], other: [d.others], admin: [] }[name]!;
    const expectedUnsent = { owner: [d.own], other: [d.others], admin: [] }[name];
    expect({ name, byPredicate, byWhere, unsent }).toEqual({ name, byPredicate: expected, byWhere: expected, unsent: expectedUnsent });
  }
});

test('claims: only the approved claimant holds the right; a pending claim is its author own', async () => {
  expect({
    owner: await isApprovedClaimant(who.owner, cui),
    other: await isApprovedClaimant(who.other, cui),
    admin: await isApprovedClaimant(who.admin, cui),
    anonymous: await isApprovedClaimant(null, cui),
  }).toEqual({ owner: true, other: false, admin: false, anonymous: false });
  const count = (where: object) => prisma.claimRequest.count({ where });
  expect([await count(approvedClaimWhere(who.owner, cui)), await count(approvedClaimWhere(who.other, cui)), await count(approvedClaimWhere(who.owner, cui + 1))]).toEqual([1, 0, 0]);
  expect([await count(pendingClaimWhere(who.owner, cui)), await count(pendingClaimWhere(who.other, cui)), await count(pendingClaimWhere(who.admin, cui))]).toEqual([0, 1, 0]);
});
