'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useAuth } from '@/components/auth/auth-provider';
import { hasTokens } from '@/lib/api/client';
import { CompanyActionsProvider, type CompanyActions } from './actions';

// The modals are fetched the first time one opens (the public page stays light).
const EditContactsModal = dynamic(() => import('@/components/contacts/edit-contacts-modal').then((m) => m.EditContactsModal), { ssr: false });
const ClaimModal = dynamic(() => import('@/components/claims/claim-modal').then((m) => m.ClaimModal), { ssr: false });

type Company = { Cui: number; Name: string };

/** The signed-in actions of the company page: the edit-contacts and claim modals. */
export function CompanyActionsHost({ children }: { children: React.ReactNode }) {
  const { user, ready } = useAuth();
  const router = useRouter();
  const [editing, setEditing] = React.useState<Company | null>(null);
  const [claiming, setClaiming] = React.useState<Company | null>(null);
  const [editOpen, setEditOpen] = React.useState(false);
  const [claimOpen, setClaimOpen] = React.useState(false);
  const [contactsVersion, setContactsVersion] = React.useState(0);
  const value = React.useMemo<CompanyActions>(
    () => ({
      // Until the session is confirmed, stored tokens count as signed in (a click right after the
      // page loads must not open the login tab for a signed-in user); the API checks anyway.
      isSignedIn: !!user || (!ready && typeof window !== 'undefined' && hasTokens()),
      contactsVersion,
      onEditContacts: (c) => {
        setEditing(c);
        setEditOpen(true);
      },
      onClaim: (c) => {
        setClaiming(c);
        setClaimOpen(true);
      },
    }),
    [user, ready, contactsVersion],
  );
  return (
    <CompanyActionsProvider value={value}>
      {children}
      {editing ? (
        <EditContactsModal company={editing} open={editOpen} onOpenChange={setEditOpen} onSaved={() => {
            setContactsVersion((n) => n + 1);
            // Social links and the search facts are part of the server-rendered page.
            router.refresh();
          }} />
      ) : null}
      {claiming ? <ClaimModal company={claiming} open={claimOpen} onOpenChange={setClaimOpen} /> : null}
    </CompanyActionsProvider>
  );
}
