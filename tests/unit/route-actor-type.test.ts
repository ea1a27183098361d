// The route wrapper types the caller by the endpoint's declared access (server/http/access.ts):
// a `user` or `admin` handler gets a non-null Actor, a public one Actor | null. Checked by the type
// checker (npm run typecheck, next build): a wrong type makes these constants fail to compile.
import type { Actor } from '@/server/auth/actor';
import type { ActorFor } from '@/server/http/route';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const userEndpoint: Equal<ActorFor<'GET /api/Group/getGroupsForCompany'>, Actor> = true;
const adminEndpoint: Equal<ActorFor<'GET /api/Role/getRoles'>, Actor> = true;
const publicEndpoint: Equal<ActorFor<'GET /api/Company/getCompanies'>, Actor | null> = true;

test('user and admin handlers get an Actor, public ones Actor | null', () => {
  expect([userEndpoint, adminEndpoint, publicEndpoint]).toEqual([true, true, true]);
});
