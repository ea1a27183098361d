'use client';

import * as React from 'react';
import { FolderPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openLogin, useCompanyActions } from './actions';

/** Signed in: the group dropdown of the groups issue. Anyone else: the login tab (001 §2.1). */
export function GroupButton({ cui, name, groupName }: { cui: number; name: string; groupName: string | null }) {
  const actions = useCompanyActions();
  if (actions.isSignedIn && actions.renderGroupMenu) {
    return <>{actions.renderGroupMenu({ Cui: cui, Name: name, CompanyGroupName: groupName })}</>;
  }
  return (
    <Button variant="outline" onClick={openLogin} className="self-start" data-testid="group-button">
      <FolderPlus aria-hidden="true" />
      {groupName ? `Grup: ${groupName}` : 'Adaugă în grup'}
    </Button>
  );
}
