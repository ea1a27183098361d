'use client';

import * as React from 'react';
import { SiteShell, type SiteShellProps } from '@/components/layout/site-shell';
import { useAuth } from '@/components/auth/auth-provider';
import { EmailVerificationBanner } from '@/components/auth/email-verification-banner';

/** The site shell with the signed-in user, the modal and sign-out wired in (used by app/layout.tsx). */
export function SessionSiteShell(props: Omit<SiteShellProps, 'user' | 'onOpenAuth' | 'onSignOut'>) {
  const { user, openAuth, signOut } = useAuth();
  return (
    <SiteShell
      {...props}
      user={user ? { UserName: user.UserName, UserRoles: user.UserRoles } : null}
      onOpenAuth={openAuth}
      onSignOut={() => void signOut()}
    >
      <EmailVerificationBanner />
      {props.children}
    </SiteShell>
  );
}
