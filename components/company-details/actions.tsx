'use client';

import * as React from 'react';
import { requestOpenAuth } from '@/components/layout/auth-events';

/**
 * What the signed-in features of the accounts and groups issues plug into the company page:
 * whether someone is signed in, the claim modal, the edit-contacts modal and the group menu.
 * Without a provider every action asks an anonymous visitor to sign in.
 */
export type CompanyActions = {
  isSignedIn: boolean;
  /** Opens the claim modal for this company (accounts issue). */
  onClaim?: (company: { Cui: number; Name: string }) => void;
  /** Opens the edit-contacts modal (accounts issue). */
  onEditContacts?: (company: { Cui: number; Name: string }) => void;
  /** Bumped after the edit-contacts modal saved something: the Contacte tab reloads. */
  contactsVersion?: number;
  /** The group dropdown for a signed-in user (groups issue). */
  renderGroupMenu?: (company: { Cui: number; Name: string; CompanyGroupName: string | null }) => React.ReactNode;
};

const CompanyActionsContext = React.createContext<CompanyActions>({ isSignedIn: false });

export function CompanyActionsProvider({ value, children }: { value: CompanyActions; children: React.ReactNode }) {
  return <CompanyActionsContext.Provider value={value}>{children}</CompanyActionsContext.Provider>;
}

export function useCompanyActions(): CompanyActions {
  return React.useContext(CompanyActionsContext);
}

/** Opens the login tab of the login/register modal (the shell's event, which the auth provider handles). */
export function openLogin() {
  requestOpenAuth('login');
}
