// The signed-in user as GET /api/Auth/userDetails answers it (server/account/accounts.ts builds it,
// components/auth/auth-provider.tsx keeps it).
export type UserDetails = {
  UserId: number;
  UserName: string;
  UserRoles: string[];
  UserRole: string;
  Email: string;
  /** Until it is changed, the app sends the user to /Schimbare-parola and the API refuses the rest. */
  MustChangePassword: boolean;
  /** False until the address is confirmed (link mail, provider, reset, invitation): no campaigns, no invitations. */
  EmailVerified: boolean;
};
