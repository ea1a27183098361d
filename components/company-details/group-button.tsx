'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { FolderPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/components/auth/auth-provider';
import { openLogin, useCompanyActions } from './actions';

// Loaded only for a signed-in visitor: anonymous readers of the company page never download the menu.
const CompanyGroupMenu = dynamic(() => import('@/components/groups/company-group-menu').then((m) => m.CompanyGroupMenu), {
  ssr: false,
  loading: () => (
    <Button variant="outline" className="self-start" disabled>
      <FolderPlus aria-hidden="true" />
      Adaugă în grup
    </Button>
  ),
});

/** The signed-in user, or null outside the auth provider (isolated component tests). */
export function useSignedIn(): boolean {
  try {
    // Called on every render; only the missing provider throws.
    return !!useAuth().user;
  } catch {
    return false;
  }
}

/** Signed in: the group dropdown (add, move, remove). Anyone else: the login tab. */
export function GroupButton({ cui, name, groupName }: { cui: number; name: string; groupName: string | null }) {
  const actions = useCompanyActions();
  const signedIn = useSignedIn();
  if (actions.isSignedIn && actions.renderGroupMenu) {
    return <>{actions.renderGroupMenu({ Cui: cui, Name: name, CompanyGroupName: groupName })}</>;
  }
  if (signedIn) return <CompanyGroupMenu company={{ Cui: cui, Name: name }} variant="button" groupName={groupName} />;
  return (
    <Button variant="outline" onClick={openLogin} className="self-start" data-testid="group-button">
      <FolderPlus aria-hidden="true" />
      {groupName ? `Grup: ${groupName}` : 'Adaugă în grup'}
    </Button>
  );
}
