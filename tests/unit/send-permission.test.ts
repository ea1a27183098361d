// Who may send a draft (server/sending/policy.ts): one predicate and one refusal for every path
// that makes mail go out (send, test send, schedule, follow-up).
import { canSend, sendRefusal, assertOwnSending } from '@/server/sending/policy';
import { AppError } from '@/server/kernel/errors';
import { VERIFICATION_TEXT } from '@/server/auth/verification';
import { DRAFT_NOT_FOUND } from '@/server/drafts/policy';
import type { Actor } from '@/server/auth/actor';

const author: Actor = { userId: 7, userName: 'ana', roles: ['User'] };
const other: Actor = { userId: 8, userName: 'ion', roles: ['User'] };
const admin: Actor = { userId: 9, userName: 'admin', roles: ['Admin', 'User'] };
const draft = { createdById: 7 };
const verified = { emailVerified: true };
const unverified = { emailVerified: false };

function refusalOf(actor: Actor, d: { createdById: number; isDeleted?: boolean } | null, sender: { emailVerified: boolean }) {
  const r = sendRefusal(actor, d, sender);
  return r && { code: (r as AppError).code, message: r.message };
}

test('the author with a confirmed address may send', () => {
  expect(canSend(author, draft, verified)).toBe(true);
  expect(sendRefusal(author, draft, verified)).toBeNull();
});

test("another user's draft, an Admin's look, a deleted or missing draft: 404 as if missing", () => {
  for (const [actor, d] of [
    [other, draft],
    [admin, draft],
    [author, { createdById: 7, isDeleted: true }],
    [author, null],
  ] as const) {
    expect(canSend(actor, d, verified)).toBe(false);
    expect(refusalOf(actor, d, verified)).toEqual({ code: 'NOT_FOUND', message: DRAFT_NOT_FOUND });
  }
});

test('the author without a confirmed address: 403 with the explanation', () => {
  expect(canSend(author, draft, unverified)).toBe(false);
  expect(refusalOf(author, draft, unverified)).toEqual({ code: 'FORBIDDEN', message: VERIFICATION_TEXT.required });
});

test("ownership is decided first: another user's draft says nothing of the actor's account", () => {
  expect(refusalOf(other, draft, unverified)).toEqual({ code: 'NOT_FOUND', message: DRAFT_NOT_FOUND });
});

test('withdrawing a sending needs only the ownership', () => {
  expect(assertOwnSending(author, draft)).toBe(draft);
  expect(() => assertOwnSending(other, draft)).toThrow(DRAFT_NOT_FOUND);
  expect(() => assertOwnSending(author, undefined)).toThrow(DRAFT_NOT_FOUND);
});
