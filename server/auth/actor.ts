// Who is calling: resolved from the bearer access token (API clients and the browser app) or from
// the session cookie (server-rendered guarded pages). The auth module owns the token format.
import 'server-only';
export type Role = 'Admin' | 'User';

export type Actor = {
  userId: number;
  userName: string;
  roles: Role[];
};

export const isAdmin = (actor: Actor | null | undefined): boolean => !!actor?.roles.includes('Admin');
