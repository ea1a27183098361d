// Who is calling: resolved from the bearer access token (API clients and the browser app) or from
// the session cookie (server-rendered guarded pages). The auth module owns the token format.
import 'server-only';
export type Role = 'Admin' | 'User';

export type Actor = {
  userId: number;
  userName: string;
  roles: Role[];
  /** The session (refresh-token family) of the access token, when the caller came with one. */
  familyId?: string;
  /** An admin created with the published password: only the password change is open to them. */
  mustChangePassword?: boolean;
  /** The API key the caller came with (issue 29): it acts as its owner within its scopes. */
  apiKey?: { id: number; scopes: readonly string[] };
};

export const isAdmin = (actor: Actor | null | undefined): boolean => !!actor?.roles.includes('Admin');
