// The ownership check every signed-in endpoint gets: one request, called as its owner, another
// user, anonymous and an Admin, each with a fresh session. Usage:
//
//   const who = await makeActors();                 // owner, other, admin (TestUser each)
//   const group = await groupFactory(who.owner);
//   expect(await statusesAs(who, () => ({ handler: GET, path: `/api/Group/get?id=${group.id}` })))
//     .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
//
// The request builder runs once per caller, so a body or a fresh row can be made per call. Calls
// go in the order anonymous, other, admin, owner: a mutation the owner may do comes last, after
// the refusals have shown that nothing changed.
import { issueSession } from '@/server/auth/tokens';
import { call } from './auth';
import { createUser, deleteUsers, type TestUser } from '../../factories/users';

type Handler = Parameters<typeof call>[0];
type Who = 'anonymous' | 'other' | 'admin' | 'owner';
const CALL_ORDER: Who[] = ['anonymous', 'other', 'admin', 'owner'];
export type Actors = { owner: TestUser; other: TestUser; admin: TestUser };

export type RouteCall = {
  handler: Handler;
  path: string;
  method?: string;
  body?: unknown;
  params?: Record<string, string | string[]>;
};

export async function makeActors(): Promise<Actors> {
  return { owner: await createUser(), other: await createUser(), admin: await createUser({ role: 'Admin' }) };
}

export async function dropActors(a: Actors | undefined): Promise<void> {
  if (a) await deleteUsers(a.owner, a.other, a.admin);
}

export async function tokenOf(user: TestUser): Promise<string> {
  return (await issueSession(user.id)).AccessToken;
}

/** Calls the route as one caller and returns status and body. */
export async function callAs(who: Who, actors: Actors, build: () => RouteCall | Promise<RouteCall>) {
  const r = await build();
  const token = who === 'anonymous' ? undefined : await tokenOf(actors[who]);
  return call(r.handler, r.path, { method: r.method, body: r.body, params: r.params, token });
}

/** The status each caller gets, in CALL_ORDER (only the callers named in `only`, if given). */
export async function statusesAs(actors: Actors, build: () => RouteCall | Promise<RouteCall>, only: Who[] = CALL_ORDER): Promise<Partial<Record<Who, number>>> {
  const out: Partial<Record<Who, number>> = {};
  for (const who of CALL_ORDER.filter((w) => only.includes(w))) out[who] = (await callAs(who, actors, build)).status;
  return out;
}
